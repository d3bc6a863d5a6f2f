/// The errors and warnings of one compilation, read from the compiler's output.
///
/// Only primary diagnostics count: lines of the form
/// `path:line:column: error: message [#Group]`. The source excerpts the
/// compiler draws below them (`|- error: …`) and its notes do not. The kind
/// of a diagnostic is its diagnostic group, printed with
/// `-print-diagnostic-groups`, or `error in no group` (`warning in no
/// group`) when it has none.
struct CompilerDiagnostics: Sendable, Equatable {
  /// One primary diagnostic.
  struct Diagnostic: Sendable, Equatable {
    enum Severity: String, Sendable { case error, warning }
    var severity: Severity
    /// `file:line:column`, with the file's name only.
    var location: String
    var message: String
    /// The diagnostic group, like `SendingRisksDataRace`, or `warning in no group`.
    var kind: String
  }

  var diagnostics: [Diagnostic]

  var errors: Int { diagnostics.filter { $0.severity == .error }.count }
  var warnings: Int { diagnostics.filter { $0.severity == .warning }.count }

  /// `SendingRisksDataRace ×3, IsolatedConformances ×1`, by first appearance; empty without diagnostics.
  var kindSummary: String { summary { $0.kind } }

  /// `Store.swift ×3, Screen.swift ×1`, by first appearance; empty without diagnostics.
  var fileSummary: String { summary { String($0.location.prefix { $0 != ":" }) } }

  /// The diagnostics counted by `key`, in order of first appearance.
  private func summary(by key: (Diagnostic) -> String) -> String {
    var order: [String] = []
    var counts: [String: Int] = [:]
    for diagnostic in diagnostics {
      let value = key(diagnostic)
      if counts[value] == nil { order.append(value) }
      counts[value, default: 0] += 1
    }
    return order.map { "\($0) ×\(counts[$0]!)" }.joined(separator: ", ")
  }

  /// Parses the compiler's combined output.
  /// - Parameter output: what the compiler printed.
  init(parsing output: String) {
    diagnostics = output.split(separator: "\n", omittingEmptySubsequences: true).compactMap {
      Self.parse(String($0))
    }
  }

  private static func parse(_ line: String) -> Diagnostic? {
    for severity in [Diagnostic.Severity.error, .warning] {
      let marker = ": \(severity.rawValue): "
      guard let range = line.range(of: marker) else { continue }
      let location = String(line[..<range.lowerBound])
      let parts = location.split(separator: ":")
      // A primary diagnostic starts with `path:line:column`; excerpt lines start with spaces and `|`.
      guard parts.count >= 3, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil,
        !location.hasPrefix(" ")
      else { return nil }
      var message = String(line[range.upperBound...])
      // A diagnostic the compiler puts in no group is named by its severity, never by a word nobody can look up.
      var kind = "\(severity.rawValue) in no group"
      if message.hasSuffix("]"), let open = message.range(of: " [#", options: .backwards) {
        kind = String(message[open.upperBound..<message.index(before: message.endIndex)])
        message = String(message[..<open.lowerBound])
      }
      let file = parts[0..<(parts.count - 2)].joined(separator: ":").split(separator: "/").last.map(String.init) ?? ""
      return Diagnostic(
        severity: severity, location: "\(file):\(parts[parts.count - 2]):\(parts[parts.count - 1])",
        message: message, kind: kind)
    }
    return nil
  }
}
