import ProfileScene

/// Sits between an interactor and the scene's presenter and runs a hook on
/// the main actor just before the first presentation it forwards.
///
/// Taps and presentations are both main-actor jobs. Running a tap inside the
/// presentation's job, before forwarding it, is indistinguishable from the
/// tap being handled just before a presentation that was already queued on
/// the main actor: this is how a test fixes that interleaving without timing.
@MainActor
final class TapBeforePresenting: ProfilePresentationLogic {
  let target: any ProfilePresentationLogic
  var hook: (@MainActor () -> Void)?

  init(target: any ProfilePresentationLogic) {
    self.target = target
  }

  func presentProfile(response: ProfileResponse) {
    fireHook()
    target.presentProfile(response: response)
  }

  func presentError(error: any Error, request: ProfileRequest) {
    fireHook()
    target.presentError(error: error, request: request)
  }

  private func fireHook() {
    let hook = self.hook
    self.hook = nil
    hook?()
  }
}

/// Builds interactors that present through a ``TapBeforePresenting`` proxy,
/// and keeps the proxy alive (interactors hold their presenter weakly).
@MainActor
final class ProxyHolder {
  var proxy: TapBeforePresenting?

  func factory(_ variant: InteractorVariant) -> InteractorFactory {
    { worker, presenter in
      let proxy = TapBeforePresenting(target: presenter)
      self.proxy = proxy
      return variant.factory(worker, proxy)
    }
  }
}
