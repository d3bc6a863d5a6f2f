import Testing

/// Every test that runs trials. They run one at a time: systematic mode
/// settles a scene by watching the whole process go idle, and stress mode
/// shares the main actor.
@Suite(.serialized) struct CheckerTrials {}
