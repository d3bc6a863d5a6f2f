/// Consumes a value so that the optimiser cannot delete the work that made it.
///
/// The function is opaque to the optimiser (never inlined, never optimised),
/// so a result passed to it counts as used. Call it on the result of the work a
/// benchmark body measures.
///
/// - Parameter value: the value to keep alive.
@inline(never)
@_optimize(none)
public func blackHole<T>(_ value: T) {}

/// Returns its argument through a call the optimiser cannot see into.
///
/// Use it to hide a constant input from constant folding, for example
/// `let count = identity(1_000)`.
///
/// - Parameter value: the value to pass through.
/// - Returns: `value`, unchanged.
@inline(never)
@_optimize(none)
public func identity<T>(_ value: T) -> T {
  value
}
