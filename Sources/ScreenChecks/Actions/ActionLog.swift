import Foundation

/// A trial's actions, in the order the checker made them, readable from any
/// task: a dependency call reads it to learn which action its key was issued by.
package final class ActionLog {
  private let lock = NSLock()
  private var all: [ActionRecord] = []

  package init() {}

  /// Records the next action of `kind` with `value`, and returns it.
  /// - Parameters:
  ///   - isIgnored: whether `value` is a text the screen is described to ignore.
  ///   - continuing: the generation an action that starts none (a next
  ///     page) continues: the newest the screen has seen; the newest
  ///     action's when `nil`.
  @discardableResult
  package func append(
    _ kind: ActionKind, value: String, isIgnored: Bool = false, continuing: Int? = nil
  ) -> ActionRecord {
    lock.withLock {
      let index = all.count + 1
      let generation = kind.startsGeneration ? index : (continuing ?? all.last?.generation ?? index)
      let record = ActionRecord(
        index: index, kind: kind, value: value, generation: generation, time: .now, isIgnored: isIgnored)
      all.append(record)
      return record
    }
  }

  /// Says that the next page `index` continues `generation`: an async one
  /// continues the list on screen when its closure starts, which may be a
  /// newer one than when it was made.
  /// - Returns: the action as it now is.
  @discardableResult
  package func setContinued(_ index: Int, generation: Int) -> ActionRecord? {
    lock.withLock {
      guard let at = all.firstIndex(where: { $0.index == index }), !all[at].kind.startsGeneration else { return nil }
      all[at].generation = generation
      return all[at]
    }
  }

  /// Every action so far.
  package var records: [ActionRecord] { lock.withLock { all.unshared } }

  /// How many actions were made.
  package var count: Int { lock.withLock { all.count } }

  /// The newest action whose value is `key`; or else whose value is `key`
  /// once both are trimmed and lower-cased, as a screen may send what the
  /// user typed; or else whose value is a word of `key` (a follow-up call's
  /// key, like `q1#relationships` or `q1 page 2`, carries the text typed).
  package func action(issuing key: String) -> Int? {
    lock.withLock {
      if let exact = all.last(where: { $0.value == key }) { return exact.index }
      let key = Self.normalized(key)
      return all.last { !$0.value.isEmpty && Self.normalized($0.value) == key }?.index
        ?? all.last { !Self.normalized($0.value).isEmpty && Self.key(key, holdsWord: Self.normalized($0.value)) }?
        .index
    }
  }

  /// `text` trimmed of whitespace and lower-cased: what the checker
  /// compares a key with, so that texts the screen trims or lower-cases
  /// before it sends them are still told apart.
  package static func normalized(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  /// Whether `word` is in `key` with no letter or digit either side of it.
  static func key(_ key: String, holdsWord word: String) -> Bool {
    var rest = key[...]
    while let range = rest.range(of: word) {
      let before = range.lowerBound == key.startIndex || !isWordCharacter(key[key.index(before: range.lowerBound)])
      let after = range.upperBound == key.endIndex || !isWordCharacter(key[range.upperBound])
      if before && after { return true }
      rest = key[range.upperBound...]
    }
    return false
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }
}

// Safety: `all` is read and written only while `lock` is held.
extension ActionLog: @unchecked Sendable {}
