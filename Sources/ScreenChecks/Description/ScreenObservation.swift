import Observation

#if canImport(Combine)
  import Combine
#endif

/// How the checker learns that what a screen shows may have changed, so that
/// it reads a new ``ScreenSnapshot``: after the main-actor job that made the
/// change, as a render would.
public struct ScreenObservation<Model: AnyObject>: Sendable {
  /// The source's name, for reports.
  package let name: String
  /// Whether ``watch`` watches one change only and must be called again after it.
  package let rearms: Bool
  /// Starts watching: `read` reads what the snapshot reads; `changed` is
  /// called, from any thread, when any of it changes. Returns what keeps the
  /// watch alive.
  package let watch:
    @MainActor @Sendable (Model, _ read: @escaping @MainActor () -> Void, _ changed: @escaping @Sendable () -> Void)
      -> AnyObject?

  /// Display calls: the screen tells the checker, by calling
  /// ``ScreenDependencies/displayed()`` wherever it displays (a VIP scene's
  /// display methods, or a spy in front of them).
  public static var displayCalls: ScreenObservation {
    ScreenObservation(name: "display calls", rearms: false) { _, _, _ in nil }
  }
}

extension ScreenObservation where Model: Observable {
  /// Observation (`@Observable`): every change of a property the snapshot reads.
  public static var observation: ScreenObservation {
    ScreenObservation(name: "Observation", rearms: true) { _, read, changed in
      withObservationTracking {
        read()
      } onChange: {
        changed()
      }
      return nil
    }
  }
}

#if canImport(Combine)
  extension ScreenObservation where Model: ObservableObject {
    /// `ObservableObject`: every `objectWillChange`.
    public static var objectWillChange: ScreenObservation {
      ScreenObservation(name: "objectWillChange", rearms: false) { model, _, changed in
        let subscription = model.objectWillChange.sink { _ in changed() }
        return SubscriptionBox(subscription)
      }
    }
  }

  /// Keeps a Combine subscription alive as long as the trial's screen.
  private final class SubscriptionBox {
    let subscription: AnyCancellable
    init(_ subscription: AnyCancellable) { self.subscription = subscription }
  }
#endif
