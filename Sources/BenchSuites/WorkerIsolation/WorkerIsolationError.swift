import BenchKit
import Foundation
import MockNetwork
import ProfileScene

/// Why a batch of the suite could not be measured.
enum WorkerIsolationError: Error, CustomStringConvertible {
  case wrongResult(String, userId: Int)

  var description: String {
    switch self {
    case .wrongResult(let title, let userId):
      "\(title): the load of user \(userId) returned another user or the wrong number of posts"
    }
  }
}
