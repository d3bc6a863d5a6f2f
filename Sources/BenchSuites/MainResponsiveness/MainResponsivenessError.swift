import BenchKit
import MockNetwork
import ProfileScene

/// Why a load of the suite could not be measured.
enum MainResponsivenessError: Error, CustomStringConvertible {
  case wrongDisplay(String, shown: [String])

  var description: String {
    switch self {
    case .wrongDisplay(let title, let shown):
      "\(title): the expected profile was not shown; the screen's log: \(shown.joined(separator: ", "))"
    }
  }
}
