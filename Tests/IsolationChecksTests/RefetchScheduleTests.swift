import IsolationChecks
import MockNetwork
import Testing

@Suite struct RefetchScheduleTests {
  @Test(arguments: [
    "t1,u1,p1,t2@1,u2,p2",
    "t1,t2,u2f,p2,u1#2,t3@2#2",
    "t1,x1,p1f",
    "t1,u1,p1,h1,t2,u2,p2,s1",
    "t1,u1,h1#2,s1#2",
  ])
  func printsWhatItParses(_ text: String) throws {
    #expect(try ScreenSchedule(parsing: text).description == text)
  }

  @Test func readsEveryKindOfStep() throws {
    let schedule = try ScreenSchedule(parsing: "t1, u1f, p1#2, t2@1#3")
    #expect(
      schedule.steps == [
        .tap(1),
        .release(RequestLabel(route: .user, tap: 1), failing: true),
        .release(RequestLabel(route: .posts, tap: 1, ordinal: 2), failing: false),
        .tapBeforePresentation(tap: 2, request: 1, occurrence: 3),
      ])
    #expect(schedule.actionCount == 2)
    #expect(!schedule.holdsPresentations)
  }

  @Test func readsHoldingAndShowingAPresentation() throws {
    let schedule = try ScreenSchedule(parsing: "t1,u1,p1,h1,t2,u2,p2,s1#2")
    #expect(schedule.steps[3] == .holdPresentation(request: 1, occurrence: 1))
    #expect(schedule.steps[7] == .showHeldPresentation(request: 1, occurrence: 2))
    #expect(schedule.actionCount == 2, "holding and showing are not taps")
    #expect(schedule.holdsPresentations)
  }

  @Test(arguments: [
    ("", "the schedule is empty"),
    ("t1,1q", "a token starts with an action (t, r, q, c, n, a), an endpoint's name, h, s, d, v, j"),
    ("t0", "expected a number from 1, found \"0\""),
    ("u1#x", "expected a number from 1, found \"x\""),
  ])
  func namesTheTokenItCannotRead(_ text: String, _ reason: String) {
    #expect(throws: ScheduleParseError.self) { try ScreenSchedule(parsing: text) }
    do {
      _ = try ScreenSchedule(parsing: text)
    } catch {
      #expect(error.reason == reason)
    }
  }

  @Test func labelsOrderByTapThenRouteThenOrdinal() {
    let labels = [
      RequestLabel(route: .posts, tap: 1), RequestLabel(route: .user, tap: 2),
      RequestLabel(route: .user, tap: 1, ordinal: 2), RequestLabel(route: .user, tap: 1),
    ]
    #expect(labels.sorted().map(\.description) == ["u1", "u1#2", "p1", "u2"])
  }
}
