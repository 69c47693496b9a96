import Foundation
import Redux
import ReduxInspect
import Testing

/// `replay` and `verify` start from the initial state, and go on from a state recorded after
/// missing entries, as they are: where such a state holds a redacted number, which the app's
/// decoder can only read as 0, they say so, as `show` does.
@Suite struct ReplayStandInTests {
    typealias CLI = CLITestSupport

    /// A score whose `points` are redacted, and whether it has passed 10, which is not.
    struct Score: Codable, Equatable, Sendable {
        var points = 0
        var passedTen = false
    }

    static let reducer = Reducer<Score, TallyAction> { state, action in
        guard case .add(let number) = action else { return }
        state.points += number
        state.passedTen = state.points > 10
    }

    /// Adds 1…6 to a score that starts at `points`, with a state after every third action;
    /// `leavingOut` is not recorded.
    private func score(from points: Int, leavingOut: Int? = nil) throws -> (
        file: String, inspector: Inspector, directory: CLITemporaryDirectory
    ) {
        let directory = try CLITemporaryDirectory()
        let text = RecordedSession.text(
            from: Score(points: points, passedTen: points > 10), Self.reducer,
            options: .init(
                reducer: "score", statePolicy: .every(3), redactedKeys: ["points"],
                shouldRecord: { action in
                    guard case .add(let number) = action else { return true }
                    return number != leavingOut
                }),
            dispatching: (1...6).map { .add($0) })
        let file = try directory.file("score.jsonl", text)
        let inspector = Inspector(reducers: [InspectableReducer(name: "score", reducer: Self.reducer, initialState: Score())])
        return (file, inspector, directory)
    }

    private func warning(_ file: String, _ state: String) -> String {
        "warning: \(file): \(state) holds redacted values that the app's decoder can only read as 0 or false (points): "
            + "the states replayed from it compute with those, which may not be the app's values\n"
    }

    @Test func replayTellsOfTheInitialStatesStandIns() throws {
        let (file, inspector, directory) = try score(from: 0)
        defer { withExtendedLifetime(directory) {} }
        let replayed = CLI.run(["replay", file], inspector: inspector)
        #expect(replayed.code == 0, "\(replayed)")
        #expect(replayed.err == warning(file, "the initial state"))
        let json = CLI.run(["replay", file, "--format", "json"], inspector: inspector)
        #expect(json.err == warning(file, "the initial state"))
    }

    @Test func replayToSeqZeroReplaysNothingAndTellsNothing() throws {
        let (file, inspector, directory) = try score(from: 0)
        defer { withExtendedLifetime(directory) {} }
        let replayed = CLI.run(["replay", file, "--to", "0"], inspector: inspector)
        #expect(replayed.code == 0, "\(replayed)")
        #expect(replayed.err == "")
    }

    @Test func verifyNamesTheStartOfARecordingWithoutSteps() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "empty.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"score","initialState":{"points":"<redacted>","passedTen":true}}"#,
                #"{"end":{"seq":0,"state":{"points":"<redacted>","passedTen":true}}}"#,
            ])
        let inspector = Inspector(reducers: [InspectableReducer(name: "score", reducer: Self.reducer, initialState: Score())])
        let verified = CLI.run(["verify", file], inspector: inspector)
        #expect(verified.code == 0, "\(verified)")
        // The end marker's state is the initial one: nothing differs, and nothing is noted.
        #expect(!verified.out.contains("note:"), "\(verified.out)")
        let changed = try directory.file(
            "changed.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"score","initialState":{"points":"<redacted>","passedTen":true}}"#,
                #"{"end":{"seq":0,"state":{"points":"<redacted>","passedTen":false}}}"#,
            ])
        let failed = CLI.run(["verify", changed], inspector: inspector)
        #expect(failed.code == 1, "\(failed)")
        #expect(failed.out.contains("note: the replay started from the initial state"), "\(failed.out)")
    }

    @Test func replayTellsOfAStateAfterMissingEntries() throws {
        // Seq 2 is left out: the replay goes on from seq 3's state, whose points read as 0.
        let (file, inspector, directory) = try score(from: 0, leavingOut: 2)
        defer { withExtendedLifetime(directory) {} }
        let replayed = CLI.run(["replay", file], inspector: inspector)
        #expect(replayed.code == 0, "\(replayed)")
        #expect(replayed.err == warning(file, "the initial state") + warning(file, "the state recorded at seq 3"))
    }

    @Test func verifyNamesTheStartWhenTheReplayDiffers() throws {
        // The app started at 20 points: the replay starts from 0, and has not passed 10 at seq 3.
        let (file, inspector, directory) = try score(from: 20)
        defer { withExtendedLifetime(directory) {} }
        let verified = CLI.run(["verify", file], inspector: inspector)
        #expect(verified.code == 1, "\(verified)")
        #expect(verified.out.contains("~ passedTen: true → false"), "\(verified.out)")
        #expect(
            verified.out.contains(
                "note: the replay started from the initial state, which holds redacted values that the app's decoder "
                    + "can only read as 0 or false (points): the states replayed from it compute with those"),
            "\(verified.out)")
        // Where the replay matches, nothing is said.
        let (passing, _, kept) = try score(from: 0)
        defer { withExtendedLifetime(kept) {} }
        let passed = CLI.run(["verify", passing], inspector: inspector)
        #expect(passed.code == 0, "\(passed)")
        #expect(!passed.out.contains("note:"), "\(passed.out)")
    }
}
