extension Array {
  /// A copy in storage of its own, for handing an array out from under a lock.
  ///
  /// Returning a lock-protected array as it is shares its buffer with the
  /// reader, who then reads the elements after the lock is released, while
  /// the owner's next append, under the lock, decides from the buffer's
  /// reference count whether it may grow the buffer in place. The two never
  /// touch the same element, but ThreadSanitizer cannot see the reference
  /// count's ordering and reports a data race. A fresh buffer, made while the
  /// lock is held, is the reader's alone.
  package var unshared: [Element] { map { $0 } }
}
