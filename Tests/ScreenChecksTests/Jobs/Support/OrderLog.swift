/// An actor that remembers the order in which callers reached it.
actor OrderLog {
  private(set) var entries: [String] = []

  func append(_ entry: String) {
    entries.append(entry)
  }
}
