/// The stamps of one presentation, from the interactor's side to the main
/// actor and back.
///
/// All four stamps come from one ``StampClock``:
/// - `sent`: on the interactor's actor, just before the hop;
/// - `arrived`: the first line run on the receiving side (the presenter's entry);
/// - `formatted`: after the real presenter formatted and the view displayed;
/// - `returned`: back on the interactor's actor (or, for the one-way
///   mechanisms, when the interactor learned the presentation was done).
public struct HopSample: Sendable, Equatable {
  /// The metric names of ``values``, in order.
  public static let metricNames = ["one_way_ns", "round_trip_ns", "format_ns", "hop_ns"]

  /// Stamped on the sending side, just before the hop.
  public var sent: Int64
  /// Stamped at the first line on the receiving side.
  public var arrived: Int64
  /// Stamped on the receiving side once the presenter and view were done.
  public var formatted: Int64
  /// Stamped back on the sending side.
  public var returned: Int64

  /// Creates a sample from its stamps.
  /// - Parameters:
  ///   - sent: before the hop.
  ///   - arrived: first line on the receiving side.
  ///   - formatted: after presenting.
  ///   - returned: back on the sending side.
  public init(sent: Int64, arrived: Int64, formatted: Int64, returned: Int64) {
    self.sent = sent
    self.arrived = arrived
    self.formatted = formatted
    self.returned = returned
  }

  /// `arrived - sent`: the hop there.
  public var oneWay: Int64 { arrived - sent }
  /// `returned - sent`: there, the presenter's work, and back.
  public var roundTrip: Int64 { returned - sent }
  /// `formatted - arrived`: the presenter's formatting and the view's display.
  public var format: Int64 { formatted - arrived }
  /// `roundTrip - format`: both hops without the presenter's work.
  public var hop: Int64 { roundTrip - format }

  /// Whether the stamps are in causal order: sent ≤ arrived ≤ formatted ≤ returned.
  public var isOrdered: Bool {
    sent <= arrived && arrived <= formatted && formatted <= returned
  }

  /// The metrics, in the order of ``metricNames``, in nanoseconds.
  public var values: [Double] {
    [Double(oneWay), Double(roundTrip), Double(format), Double(hop)]
  }
}
