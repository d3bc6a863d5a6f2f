import IsolationChecks

/// How many stress trials a variant needs for its outcome shares to be known
/// to a margin, from a pilot run's shares.
///
/// A share `p` estimated from `n` trials has a 95 % interval of about
/// `±z·√(p(1 − p)/n)`; so `n = z²·p(1 − p)/margin²` trials put every
/// outcome's share within `margin`, for the outcome whose pilot share is
/// nearest one half. A pilot in which one outcome took every trial still
/// gets ``trialRange``'s lower bound, so that rare interleavings keep a
/// fair chance to show.
struct StressTrialSizing: Equatable {
  /// Trials of the pilot run.
  var pilotTrials = 500
  /// The half-width wanted for every outcome's share, like `0.015` (±1.5 points).
  var margin = 0.015
  /// The normal quantile of the level; 1.96 for 95 %.
  var z = 1.96
  /// The fewest and the most trials a variant gets.
  var trialRange = 3_000...50_000

  /// The trials for outcome counts seen in a pilot.
  /// - Parameters:
  ///   - counts: the pilot's trials by primary outcome.
  ///   - trials: the pilot's trial count.
  /// - Returns: the trials to run, within ``trialRange``.
  func trials(counts: some Sequence<Int>, of trials: Int) -> Int {
    guard trials > 0 else { return trialRange.upperBound }
    let variance = counts.reduce(0.0) { widest, count in
      let share = Double(count) / Double(trials)
      return max(widest, share * (1 - share))
    }
    let needed = (z * z * variance / (margin * margin)).rounded(.up)
    return min(max(Int(needed), trialRange.lowerBound), trialRange.upperBound)
  }

  /// The trials for a pilot's report.
  /// - Parameter pilot: the pilot run.
  /// - Returns: the trials to run, within ``trialRange``.
  func trials(after pilot: ScreenReport) -> Int {
    trials(counts: pilot.counts.values, of: pilot.trials)
  }
}
