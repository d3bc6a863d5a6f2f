import Dispatch
import Observation

/// How a search screen starts its work: each way apps write it, from an
/// explicit priority to a result written inside `DispatchQueue.main.async`.
package enum TaskShape: Sendable, CustomStringConvertible {
  /// `Task(priority:) { … }` on the main actor.
  case priority(TaskPriority)
  /// `Task.detached { await self.load(query) }`.
  case detached
  /// `Task.immediate { … }` (SE-0472): runs at once, up to its first await.
  case immediate
  /// A task group whose children have priorities of their own, after a
  /// `Task.yield()`.
  case groupWithPriorities
  /// Two parts fetched with `async let`, in a `.utility` task.
  case asyncLet
  /// A completion handler called from a `.background` task through
  /// `MainActor.run`.
  case mainActorRun
  /// The call wrapped in `withTaskCancellationHandler`.
  case cancellationHandler
  /// The answer handed over through an `AsyncStream` that a task of its own
  /// yields into.
  case asyncStream
  /// The results written inside `DispatchQueue.main.async { … }`.
  case dispatchMain
  /// A task started inside `DispatchQueue.global().async { … }`, with no
  /// task around it: nothing ties it to the trial (not in ``all``).
  case taskFromGlobalQueue

  package var description: String {
    switch self {
    case .priority(let priority): "priority-\(priority.rawValue)"
    case .detached: "detached"
    case .immediate: "immediate"
    case .groupWithPriorities: "group-with-priorities"
    case .asyncLet: "async-let"
    case .mainActorRun: "main-actor-run"
    case .cancellationHandler: "cancellation-handler"
    case .asyncStream: "async-stream"
    case .dispatchMain: "dispatch-main"
    case .taskFromGlobalQueue: "task-from-global-queue"
    }
  }

  /// Every shape, each standard priority once.
  package static let all: [TaskShape] =
    [TaskPriority.high, .userInitiated, .medium, .low, .utility, .background].map(TaskShape.priority)
    + [
      .detached, .immediate, .groupWithPriorities, .asyncLet, .mainActorRun, .cancellationHandler, .asyncStream,
      .dispatchMain,
    ]
}

/// A search screen that starts its work the way ``TaskShape`` says, and is
/// otherwise correct: each result is shown only while its query is the
/// current one, checked on the main actor.
@Observable @MainActor
package final class TaskShapeSearchModel {
  package var query = "" {
    didSet { queryChanged() }
  }
  package private(set) var results: [String] = []
  package private(set) var isSearching = false
  package private(set) var errorMessage: String?

  @ObservationIgnored private let shape: TaskShape
  @ObservationIgnored private let search: @Sendable (String) async throws -> [String]
  @ObservationIgnored private var task: Task<Void, Never>?

  package init(shape: TaskShape, search: @escaping @Sendable (String) async throws -> [String]) {
    self.shape = shape
    self.search = search
  }

  private func queryChanged() {
    task?.cancel()
    let query = self.query
    guard !query.isEmpty else {
      results = []
      isSearching = false
      errorMessage = nil
      return
    }
    isSearching = true
    errorMessage = nil
    let search = self.search
    switch shape {
    case .priority(let priority):
      task = Task(priority: priority) { self.show(query, await Self.attempt(search, query)) }
    case .detached:
      // Detached on purpose: the shape under test, a task that inherits
      // neither the model's isolation nor the trial's task-locals.
      task = Task.detached { await self.load(query) }
    case .immediate:
      if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
        task = Task.immediate { self.show(query, await Self.attempt(search, query)) }
      } else {
        task = Task { self.show(query, await Self.attempt(search, query)) }
      }
    case .groupWithPriorities:
      task = Task(priority: .low) {
        await Task.yield()
        let found = await withTaskGroup(of: Result<[String], any Error>.self) { group in
          group.addTask(priority: .background) { await Self.attempt(search, query) }
          group.addTask(priority: .high) { .success([]) }
          var found: Result<[String], any Error> = .success([])
          for await part in group {
            if case .success(let items) = part, items.isEmpty { continue }
            found = part
          }
          return found
        }
        self.show(query, found)
      }
    case .asyncLet:
      task = Task(priority: .utility) {
        async let first = Self.attempt(search, query)
        async let count = query.count
        let (found, _) = await (first, count)
        self.show(query, found)
      }
    case .mainActorRun:
      task = Self.fetch(query, search: search) { [weak self] found in self?.show(query, found) }
    case .cancellationHandler:
      task = Task(priority: .medium) {
        let found = await withTaskCancellationHandler {
          await Self.attempt(search, query)
        } onCancel: {
        }
        self.show(query, found)
      }
    case .asyncStream:
      let (stream, continuation) = AsyncStream.makeStream(of: Result<[String], any Error>.self)
      Task(priority: .utility) {
        continuation.yield(await Self.attempt(search, query))
        continuation.finish()
      }
      task = Task(priority: .userInitiated) {
        for await found in stream { self.show(query, found) }
      }
    case .dispatchMain:
      task = Task {
        let found = await Self.attempt(search, query)
        DispatchQueue.main.async { self.show(query, found) }
      }
    case .taskFromGlobalQueue:
      DispatchQueue.global().async {
        Task {
          let found = await Self.attempt(search, query)
          await MainActor.run { self.show(query, found) }
        }
      }
    }
  }

  private func load(_ query: String) async {
    let search = self.search
    show(query, await Self.attempt(search, query))
  }

  /// Shows `found` when `query` is still the one typed.
  private func show(_ query: String, _ found: Result<[String], any Error>) {
    guard query == self.query else { return }
    switch found {
    case .success(let items):
      results = items
      errorMessage = nil
    case .failure(let error):
      guard !(error is CancellationError) else { return }
      results = []
      errorMessage = "\(error)"
    }
    isSearching = false
  }

  /// A completion-handler API of the kind apps wrap around their client: a
  /// `.background` task that reports on the main actor.
  nonisolated private static func fetch(
    _ query: String, search: @escaping @Sendable (String) async throws -> [String],
    completion: @escaping @MainActor @Sendable (Result<[String], any Error>) -> Void
  ) -> Task<Void, Never> {
    Task(priority: .background) {
      let found = await Self.attempt(search, query)
      await MainActor.run { completion(found) }
    }
  }
}

extension TaskShapeSearchModel {
  /// What `search` answers for `query`, or the error it throws.
  package nonisolated static func attempt(
    _ search: @Sendable (String) async throws -> [String], _ query: String
  ) async -> Result<[String], any Error> {
    do {
      return .success(try await search(query))
    } catch {
      return .failure(error)
    }
  }
}
