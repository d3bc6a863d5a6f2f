// Ported from kasianov-mikhail/scout, Sources/Scout/UI/Database/Provider.swift
// (and the `StatProvider` the Home screen's content uses), as it was before
// https://github.com/kasianov-mikhail/scout/pull/767 (commit fb1dc6c8,
// "Ignore cancellation errors so the Home screen doesn't show a spurious
// error").
//
// The flaw: switching the backend recreates the Home content view
// (`.id(backend.id)`), which cancels the in-flight loads; `resolve(in:)`
// caught the resulting `CancellationError` with every other error and stored
// it as `.failure`, so the user saw "An error occurred" with a cancellation's
// message. The fix swallows `CancellationError` (`catch is CancellationError`)
// and leaves the result untouched.
//
// Port: `ObservableObject` + `@Published` become `@Observable` (no Combine on
// Linux); the view's `.id(backend.id)` restart is the `.task(id:)` restart of
// one provider's `fetchAgain(in:)` on the selected backend's database;
// `DatabaseReader` is a protocol whose conformance forwards to the checker's
// endpoint.
import Foundation
import Observation

/// One point of a stat chart.
public struct StatPoint: Sendable, Hashable {
  public var id: String
  public init(id: String) { self.id = id }
}

/// The backend's database, as the providers read it.
public protocol DatabaseReader: Sendable {
  var backendID: String { get }
  func statPoints(eventName: String) async throws -> [StatPoint]
}

/// A `DatabaseReader` that forwards to an async function (the checker's endpoint).
public struct BackendDatabase: DatabaseReader {
  public let backendID: String
  let read: @Sendable (String) async throws -> [StatPoint]
  public init(backendID: String, read: @escaping @Sendable (String) async throws -> [StatPoint]) {
    self.backendID = backendID
    self.read = read
  }
  public func statPoints(eventName: String) async throws -> [StatPoint] { try await read(backendID) }
}

public typealias ProviderResult<T> = Result<T, any Error>

@MainActor
public protocol Provider: AnyObject {
  associatedtype Output
  var result: ProviderResult<Output>? { get set }
  func fetch(in database: any DatabaseReader) async throws -> Output
}

extension Provider {
  public func fetchAgain(in database: any DatabaseReader) async {
    result = nil
    result = await resolve(in: database)
  }

  public func fetchIfNeeded(in database: any DatabaseReader) async {
    guard result == nil else { return }
    result = await resolve(in: database)
  }

  private func resolve(in database: any DatabaseReader) async -> ProviderResult<Output> {
    do {
      return .success(try await fetch(in: database))
    } catch {
      return .failure(error)
    }
  }
}

/// `StatProvider(eventName: "Session", periods: Period.summary)`, before PR #767.
@Observable @MainActor
public final class StatProvider: Provider {
  public var result: ProviderResult<[StatPoint]>?
  public let eventName: String
  public init(eventName: String) { self.eventName = eventName }
  public func fetch(in database: any DatabaseReader) async throws -> [StatPoint] {
    try await database.statPoints(eventName: eventName)
  }
}

/// The Home screen around it: the backend picker and the provider.
@Observable @MainActor
public final class HomeContent {
  public private(set) var backendID = ""
  public let sessionStat = StatProvider(eventName: "Session")
  @ObservationIgnored private let open: @Sendable (String) -> any DatabaseReader

  public init(open: @escaping @Sendable (String) -> any DatabaseReader) { self.open = open }

  /// The backend picker's binding: `activeID = $0`.
  public func selectBackend(_ id: String) { backendID = id }

  /// `@Environment(\.database)` for the selected backend.
  public var database: any DatabaseReader { open(backendID) }
}

/// What `ProviderView` shows for a result: the error screen's text.
public func errorText(_ result: ProviderResult<[StatPoint]>?) -> String? {
  guard case .failure(let error)? = result else { return nil }
  return "An error occurred. \(error.localizedDescription)"
}

/// Control: the provider after PR #767 (`catch is CancellationError` leaves
/// the result untouched), with the rule the PR cites from the same
/// repository's `TimelineProvider` ("a superseded call that survives its
/// awaits must not publish a result over the newer one's"), applied to the
/// backend the call was started for.
@Observable @MainActor
public final class FixedStatProvider {
  public var result: ProviderResult<[StatPoint]>?
  public let eventName: String
  @ObservationIgnored private var startToken = 0
  public init(eventName: String) { self.eventName = eventName }

  public func fetchAgain(in database: any DatabaseReader, isCurrent: @MainActor () -> Bool) async {
    startToken += 1
    let token = startToken
    result = nil
    do {
      let points = try await database.statPoints(eventName: eventName)
      guard token == startToken, isCurrent() else { return }
      result = .success(points)
    } catch is CancellationError {
      // A cancelled task (e.g. the view was recreated) leaves the result untouched so it retries.
    } catch {
      guard token == startToken, isCurrent() else { return }
      result = .failure(error)
    }
  }
}

/// The Home screen around the fixed provider.
@Observable @MainActor
public final class FixedHomeContent {
  public private(set) var backendID = ""
  public let sessionStat = FixedStatProvider(eventName: "Session")
  @ObservationIgnored private let open: @Sendable (String) -> any DatabaseReader

  public init(open: @escaping @Sendable (String) -> any DatabaseReader) { self.open = open }

  public func selectBackend(_ id: String) { backendID = id }

  /// `.task(id: backend.id)`.
  public func load() async {
    let database = open(backendID)
    await sessionStat.fetchAgain(in: database) { [weak self] in self?.backendID == database.backendID }
  }
}
