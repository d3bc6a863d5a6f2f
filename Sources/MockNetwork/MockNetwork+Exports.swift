// The mock reports cancellation in the checker's two styles; users of the
// mock name them without importing the checker's core.
@_exported import enum ScreenChecks.CancellationStyle
@_exported import enum ScreenChecks.LatencyModel
