// Every suite of `bench`, with the same options, CSVs and summary, on the
// shipped interactors and on this package's own; refetch-cancel also checks
// the team's search and feed screens, each in a correct and a flawed version.
import BenchSuites
import IsolationChecks
import ProfileScene
import PullToRefreshChecks
import SearchScreenChecks

var scenes = SceneRegistry.shipped
scenes.register("ignores-taps-while-loading") { IgnoresTapsWhileLoadingInteractor(worker: $0, presenter: $1) }
scenes.register(searchScreen)
scenes.register(flawedSearchScreen)
scenes.register(feedScreen)
scenes.register(flawedFeedScreen)
await Bench.main(scenes: scenes)
