import ProfileScene
import SceneTestSupport

/// The bound on every wait in these tests: far above anything a passing run
/// needs, so that a broken transport or scene fails the test instead of hanging it.
let waitLimit = sceneWaitLimit
