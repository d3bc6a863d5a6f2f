// The `bench` executable: every suite of BenchSuites on the shipped scenes.
// Top-level `await` makes `main` async, so the main queue is drained and
// @MainActor work in the suites runs.
import BenchSuites

await Bench.main()
