import MockNetwork

/// Names every request of a trial by route, tap and ordinal (see ``RequestLabel``).
struct RequestLabels {
  private var byID: [Int: RequestLabel] = [:]

  /// Labels `records`, which must be in order of arrival.
  init(_ records: [RequestRecord]) {
    var counts: [RequestLabel: Int] = [:]
    for record in records.sorted(by: { $0.id < $1.id }) {
      let key = RequestLabel(route: record.route, tap: record.userID ?? 0, ordinal: 1)
      let ordinal = counts[key, default: 0] + 1
      counts[key] = ordinal
      byID[record.id] = RequestLabel(route: record.route, tap: key.tap, ordinal: ordinal)
    }
  }

  /// The label of request `id`.
  subscript(id: Int) -> RequestLabel? { byID[id] }

  /// The request `label` names.
  func id(of label: RequestLabel) -> Int? {
    byID.first { $0.value == label }?.key
  }
}
