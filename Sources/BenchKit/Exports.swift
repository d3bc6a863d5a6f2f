// What the checker shares with the benchmarks (seeded randomness, one-shot
// signals, duration formatting, statistics) lives in `BenchBasics`, so that
// `ScreenChecks`, which an app's tests link, needs nothing else of
// `BenchKit`; every user of `BenchKit` still sees it.
@_exported import BenchBasics
