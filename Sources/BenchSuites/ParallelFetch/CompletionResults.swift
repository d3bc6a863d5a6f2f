import Foundation

/// The results of completion handlers that finish on arbitrary threads,
/// collected for a `DispatchGroup`'s `notify`: the bookkeeping GCD code
/// writes by hand.
final class CompletionResults {
  private let lock = NSLock()
  private var parts: [FetchedPart?]
  private var firstError: (any Error)?

  init(count: Int) {
    parts = Array(repeating: nil, count: count)
  }

  func store(_ result: Result<FetchedPart, any Error>, at index: Int) {
    lock.withLock {
      switch result {
      case .success(let part): parts[index] = part
      case .failure(let error): firstError = firstError ?? error
      }
    }
  }

  /// Every part in order, or the first error that arrived.
  func collected() -> Result<[FetchedPart], any Error> {
    lock.withLock {
      if let firstError { return .failure(firstError) }
      return .success(parts.map { $0! })
    }
  }
}

// Safety: `parts` and `firstError` are read and written only while `lock` is held.
extension CompletionResults: @unchecked Sendable {}
