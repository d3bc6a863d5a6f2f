// Every suite of `bench`, with the same options, CSVs and summary, on the
// shipped interactors and on this package's own.
import BenchSuites
import ProfileScene

var scenes = SceneRegistry.shipped
scenes.register("ignores-taps-while-loading") { IgnoresTapsWhileLoadingInteractor(worker: $0, presenter: $1) }
await Bench.main(scenes: scenes)
