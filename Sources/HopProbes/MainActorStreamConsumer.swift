import ProfileScene

/// One element of the presentation stream: a response, and optionally whom
/// to tell once it was presented.
public struct StreamDelivery: Sendable {
  /// The response to present.
  public var response: ProfileResponse
  /// Resumed after presenting, if set.
  public var acknowledgement: CheckedContinuation<Void, Never>?

  /// Creates a delivery.
  /// - Parameters:
  ///   - response: the response to present.
  ///   - acknowledgement: resumed after presenting, if set.
  public init(response: ProfileResponse, acknowledgement: CheckedContinuation<Void, Never>? = nil) {
    self.response = response
    self.acknowledgement = acknowledgement
  }
}

/// The guides' replacement for repeated delegate calls: the interactor yields
/// responses into an `AsyncStream`, and a task on the main actor presents
/// each one as it arrives.
///
/// ```swift
/// let consumer = MainActorStreamConsumer(presenter: proxy)
/// consumer.producer.yield(StreamDelivery(response: response))
/// await consumer.finish()
/// ```
public final class MainActorStreamConsumer: Sendable {
  /// Where the interactor yields; callable from any executor.
  public let producer: AsyncStream<StreamDelivery>.Continuation
  private let consumer: Task<Void, Never>

  /// Starts the consuming task on the main actor.
  /// - Parameter presenter: what each delivery is presented to.
  public init(presenter: StampingPresenter) {
    let (stream, producer) = AsyncStream.makeStream(of: StreamDelivery.self, bufferingPolicy: .unbounded)
    self.producer = producer
    consumer = Task { @MainActor in
      for await delivery in stream {
        presenter.presentProfile(response: delivery.response)
        delivery.acknowledgement?.resume()
      }
    }
  }

  /// Ends the stream and waits for the consuming task to finish.
  public func finish() async {
    producer.finish()
    await consumer.value
  }
}
