import BenchKit
import BuildSettingsSupport
import Foundation

/// A 64-bit FNV-1a hash: the cache key of a build (not a security measure).
struct FNV1a {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(_ data: Data) {
    for byte in data {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01B3
    }
    // A separator, so that ("ab", "c") and ("a", "bc") differ.
    value ^= 0xFF
    value = value &* 0x0000_0100_0000_01B3
  }

  mutating func add(_ text: String) {
    add(Data(text.utf8))
  }

  /// Adds a file's size and modification time: what changes when a build rewrites it.
  mutating func addStamp(of file: URL) {
    let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
    add("\(attributes?[.size] ?? 0) \((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
  }

  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
