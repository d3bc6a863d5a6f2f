import Foundation

/// The sanitizer runtimes linked into the process.
package enum SanitizerRuntimes {
  /// The sanitizer runtimes present in the process (`thread`, `address`, both
  /// joined by `+`), or `none`, found by looking up their init symbols.
  package static func detected() -> String {
    guard let handle = dlopen(nil, RTLD_NOW) else { return "unknown" }
    defer { dlclose(handle) }
    // UBSan is not looked for: its handlers ship inside the TSan and ASan
    // runtimes too, so their presence does not say UBSan was asked for.
    let found = [("thread", "__tsan_init"), ("address", "__asan_init")]
      .filter { dlsym(handle, $0.1) != nil }
      .map(\.0)
    return found.isEmpty ? "none" : found.joined(separator: "+")
  }
}
