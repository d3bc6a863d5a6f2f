import BenchKit
import Foundation
import MockNetwork
import ProfileScene
import URLSessionTransport

/// The server named by `--base-url` did not answer `users/1` as expected.
struct RealServerError: Error, CustomStringConvertible {
  var baseURL: URL
  var underlying: any Error

  var description: String {
    "the server at \(baseURL.absoluteString) did not answer users/1: \(reason)"
  }

  private var reason: String {
    if let urlError = underlying as? URLError {
      let text = (urlError.userInfo[NSLocalizedDescriptionKey] as? String) ?? urlError.localizedDescription
      return "\(text) (URLError \(urlError.code.rawValue))"
    }
    if let profileError = underlying as? ProfileError, let text = profileError.errorDescription {
      return text
    }
    return String(describing: underlying)
  }
}
