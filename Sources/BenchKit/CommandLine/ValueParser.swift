/// Reads option values, throwing ``InvalidValue`` with a precise reason.
///
/// The standard options parse with these, and a suite's ``SuiteOption``
/// can pass one as its parser, like `parse: ValueParser.positiveInteger`.
public enum ValueParser {
  /// An integer of 1 or more.
  /// - Parameter text: the value.
  /// - Returns: the integer.
  /// - Throws: ``InvalidValue`` "expected a positive integer".
  public static func positiveInteger(_ text: String) throws(InvalidValue) -> Int {
    guard text.allSatisfy(\.isASCII), let value = Int(text), value >= 1, !text.hasPrefix("+") else {
      throw InvalidValue("expected a positive integer")
    }
    return value
  }

  /// An integer of 0 or more.
  /// - Parameter text: the value.
  /// - Returns: the integer.
  /// - Throws: ``InvalidValue`` "expected zero or a positive integer".
  public static func nonNegativeInteger(_ text: String) throws(InvalidValue) -> Int {
    guard text.allSatisfy(\.isASCII), let value = Int(text), value >= 0, !text.hasPrefix("+") else {
      throw InvalidValue("expected zero or a positive integer")
    }
    return value
  }

  /// A 64-bit seed, decimal or `0x` hexadecimal.
  /// - Parameter text: the value.
  /// - Returns: the seed.
  /// - Throws: ``InvalidValue`` naming the accepted range.
  public static func seed(_ text: String) throws(InvalidValue) -> UInt64 {
    let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    guard let value, !text.hasPrefix("+") else {
      throw InvalidValue("expected an integer from 0 to 18446744073709551615, or 0x and hexadecimal digits")
    }
    return value
  }

  /// A duration with a unit (see ``DurationParser``).
  /// - Parameter text: the value.
  /// - Returns: the duration.
  /// - Throws: ``InvalidValue`` with the ``DurationParseError/reason``.
  public static func duration(_ text: String) throws(InvalidValue) -> Duration {
    do {
      return try DurationParser.parse(text)
    } catch {
      throw InvalidValue(error.reason)
    }
  }

  /// A duration greater than zero.
  /// - Parameter text: the value.
  /// - Returns: the duration.
  /// - Throws: ``InvalidValue`` for an unreadable or zero duration.
  public static func positiveDuration(_ text: String) throws(InvalidValue) -> Duration {
    let value = try duration(text)
    guard value > .zero else { throw InvalidValue("the duration must be greater than zero") }
    return value
  }

  /// A comma-separated list of durations, like `1ms,10ms`.
  /// - Parameter text: the value.
  /// - Returns: the durations, in order.
  /// - Throws: ``InvalidValue`` for the first unreadable item.
  public static func durationList(_ text: String) throws(InvalidValue) -> [Duration] {
    do {
      return try DurationParser.parseList(text)
    } catch {
      throw InvalidValue(error.reason)
    }
  }

  /// One of a fixed set of words, like the `--format` names.
  /// - Parameters:
  ///   - text: the value.
  ///   - choices: the accepted words, in the order to list them.
  /// - Returns: the value.
  /// - Throws: ``InvalidValue`` listing the choices.
  public static func choice(_ text: String, from choices: [String]) throws(InvalidValue) -> String {
    guard choices.contains(text) else { throw expected(choices) }
    return text
  }

  /// "expected a, b or c".
  private static func expected(_ choices: [String]) -> InvalidValue {
    let listed =
      choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + choices.last! : choices.joined()
    return InvalidValue("expected \(listed)")
  }

  /// One of an enumeration's raw values, like a `--format` name.
  /// - Parameters:
  ///   - text: the value.
  ///   - type: the enumeration; its cases, in declaration order, are the choices.
  /// - Returns: the case.
  /// - Throws: ``InvalidValue`` listing the choices.
  public static func choice<Choice: CaseIterable & RawRepresentable>(_ text: String, of type: Choice.Type)
    throws(InvalidValue) -> Choice where Choice.RawValue == String
  {
    guard let value = Choice(rawValue: text) else { throw expected(Choice.allCases.map(\.rawValue)) }
    return value
  }
}
