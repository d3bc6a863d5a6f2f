import BenchKit
import Foundation
import MockNetwork
import ProfileScene

/// Why an iteration of the suite could not be measured.
enum ParallelFetchError: Error, CustomStringConvertible {
  case unexpectedOutcome(String, failed: Bool)

  var description: String {
    switch self {
    case .unexpectedOutcome(let title, let failed):
      failed ? "\(title): the fetch failed unexpectedly" : "\(title): the injected failure was not reported"
    }
  }
}
