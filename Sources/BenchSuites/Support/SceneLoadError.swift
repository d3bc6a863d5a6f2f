/// Why a load through a registered interactor could not be measured.
enum SceneLoadError: Error, CustomStringConvertible {
  case nothingShown(interactor: String, bound: Duration)
  case errorShown(interactor: String, message: String)

  var description: String {
    switch self {
    case .nothingShown(let interactor, let bound):
      "the interactor \(interactor) showed nothing within \(bound) of a tap on refresh"
    case .errorShown(let interactor, let message):
      "the interactor \(interactor) showed an error for a load that did not fail: \(message)"
    }
  }
}
