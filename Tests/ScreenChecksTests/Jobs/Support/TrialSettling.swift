import ScreenChecks

extension TrialJobs {
  /// Lets the main queue drain and runs every runnable job, until three
  /// yields in a row find nothing to run: enough for the test scenes, whose
  /// main-actor work never chains more than twice without a captured job.
  /// - Returns: how many jobs ran.
  func settle() async -> Int {
    var ran = 0
    var quietYields = 0
    while quietYields < 3 {
      await Task.yield()
      let now = runAll()
      ran += now
      quietYields = now == 0 ? quietYields + 1 : 0
    }
    return ran
  }
}
