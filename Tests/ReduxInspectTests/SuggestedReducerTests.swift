import Foundation
import Redux
@testable import ReduxInspect
import Testing

/// A tally recorded with `add` adding, and a second reducer, `doubling`, that adds twice: an
/// inspector with two reducers, where `--reducer doubling` replays the recording with the
/// other one.
private enum Doubling {
    enum Action: Codable, Sendable {
        case add(Int)
    }

    static let adding = Reducer<Int, Action> { state, action in
        if case .add(let amount) = action { state += amount }
    }

    static let doubling = Reducer<Int, Action> { state, action in
        if case .add(let amount) = action { state += 2 * amount }
    }

    static let inspector = Inspector(
        reducers: [
            InspectableReducer(name: "adding", reducer: adding, initialState: 0),
            InspectableReducer(name: "doubling", reducer: doubling, initialState: 0),
        ],
        program: "tally-inspector")

    /// Six additions by `adding`, a state recorded every third.
    static func record() -> String {
        RecordedSession.text(
            from: 0, adding,
            options: .init(
                reducer: "adding", app: "Tally", statePolicy: .every(3),
                clock: .stepping(from: Date(timeIntervalSince1970: 1_795_000_000), by: 0.25)),
            dispatching: (1...6).map { .add($0) })
    }
}

/// A command a warning or a note suggests runs with the `--reducer` the user gave: without
/// it, it replayed with the reducer the recording names, and gave another answer (verify
/// passed where diff had just warned).
@Suite struct SuggestedReducerTests {
    @Test func diffSuggestsVerifyWithTheReducerGiven() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("tally.jsonl", Doubling.record())
        let run = CLITestSupport.run(["diff", file, "--reducer", "doubling"], inspector: Doubling.inspector)
        #expect(run.err.contains("to find where they first differ: tally-inspector verify \(file) --reducer doubling\n"), "\(run)")
        let plain = CLITestSupport.run(["diff", file], inspector: Doubling.inspector)
        #expect(plain.err == "", "\(plain)")
    }

    @Test func verifySuggestsBlameWithTheReducerGiven() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("tally.jsonl", Doubling.record())
        let run = CLITestSupport.run(["verify", file, "--reducer", "doubling"], inspector: Doubling.inspector)
        #expect(run.code == 1, "\(run)")
        #expect(run.out.contains("tally-inspector blame \(file) '(root)' --reducer doubling\n"), "\(run)")
    }

    /// A file named with a leading dash is suggested as `./-name`, which no command takes for
    /// an option.
    @Test func aFileNamedLikeAnOptionIsSuggestedWithItsDirectory() {
        #expect(ShellWord.path("-dash.jsonl") == "./-dash.jsonl")
        #expect(ShellWord.path("/tmp/-dash.jsonl") == "/tmp/-dash.jsonl")
        #expect(ShellWord.path("a b.jsonl") == "'a b.jsonl'")
    }
}
