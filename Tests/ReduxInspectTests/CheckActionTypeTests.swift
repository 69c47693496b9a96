import Foundation
import Redux
import Testing

@testable import ReduxInspect

/// A ledger whose actions name themselves (``RecordableAction``), one of them by its payload:
/// what `check` compares an entry's `type` with is what the recorder writes, not the case.
private enum Ledger {
    struct State: Codable, Equatable, Sendable {
        var balance = 0
    }

    enum Action: Codable, Sendable, RecordableAction {
        case post(Int)
        case clear
        /// Recorded with its amount redacted.
        case pay(amount: Int)

        var recordedType: String {
            switch self {
            case .post(let amount): amount < 0 ? "ledger/debit" : "ledger/credit"
            case .clear: "ledger/clear"
            case .pay(let amount): amount < 0 ? "ledger/refund" : "ledger/pay"
            }
        }
    }

    static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .post(let amount): state.balance += amount
        case .clear: state.balance = 0
        case .pay(let amount): state.balance -= amount
        }
    }

    static let inspector = Inspector(
        reducers: [InspectableReducer(name: "ledger", reducer: reducer, initialState: State())], program: "ledger-inspector")

    /// `amounts` posted, each recorded by the real recorder, then `last`.
    static func record(_ amounts: [Int], then last: Action = .clear) -> [String] {
        RecordedSession.text(
            from: State(), reducer,
            options: .init(
                reducer: "ledger", statePolicy: .never, redactedKeys: ["amount"],
                clock: .stepping(from: Date(timeIntervalSince1970: 1_795_000_000), by: 0.25)),
            dispatching: amounts.map { .post($0) } + [last]
        ).split(separator: "\n").map(String.init)
    }
}

/// `check` warns about an entry whose `type` is not the one the recorder writes for its
/// action: `log --type` and `find` go by the written type, so a hand-edited action would hide.
@Suite struct CheckActionTypeTests {
    typealias Support = CLITestSupport

    @Test func aRecordingAsTheRecorderWroteItHasNoWarning() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("ledger.jsonl", lines: Ledger.record([5, -3, 2]))
        let check = Support.run(["check", file], inspector: Ledger.inspector)
        #expect(check.code == 0)
        #expect(check.err == "")
        #expect(check.out.hasSuffix("every action decodes with reducer ledger\n"))
    }

    /// A redacted amount replays as 0, which the action would name "ledger/pay": the type
    /// the recorder wrote from the real amount is no mistake.
    @Test func anActionWithARedactedValueIsTakenAsWritten() throws {
        let directory = try CLITemporaryDirectory()
        let lines = Ledger.record([5], then: .pay(amount: -3))
        #expect(lines[2].contains(#""type":"ledger/refund","action":{"pay":{"amount":"<redacted>"}}"#))
        let file = try directory.file("refund.jsonl", lines: lines)
        let check = Support.run(["check", file], inspector: Ledger.inspector)
        #expect(check.code == 0)
        #expect(check.err == "", "\(check)")
    }

    /// An action edited by hand, its type left: line 3 (seq 2) now credits. A line without a
    /// type, and a type spelled with an escape, are no mistake.
    @Test func anEntryWhoseTypeIsNotItsActionsIsNamed() throws {
        let directory = try CLITemporaryDirectory()
        var lines = Ledger.record([5, -3, 2])
        lines[2] = lines[2].replacingOccurrences(of: #"{"post":{"_0":-3}}"#, with: #"{"post":{"_0":3}}"#)
        lines[3] = lines[3].replacingOccurrences(of: #""type":"ledger/credit","#, with: "")
        lines[4] = lines[4].replacingOccurrences(of: #""ledger/clear""#, with: #""ledger\/clear""#)
        let file = try directory.file("edited.jsonl", lines: lines)
        let check = Support.run(["check", file], inspector: Ledger.inspector)
        #expect(check.code == 0)
        #expect(
            check.err
                == "warning: \(file):3: seq 2: type \"ledger/debit\", but the recorder writes \"ledger/credit\" for its action\n")
        #expect(check.out.contains("ok: 4 steps (seq 1…4)"))
    }

    /// Past the first few, the rest are counted; the steps decoded ahead of the reducer (a
    /// long run) are named as the others.
    @Test func manyAreListedFirstThenCounted() throws {
        let directory = try CLITemporaryDirectory()
        var lines = Ledger.record(Array(1...10_000))
        let edited = Array(stride(from: 100, through: 10_000, by: 400))
        for seq in edited {
            lines[seq] = lines[seq].replacingOccurrences(of: #""ledger/credit""#, with: #""ledger/debit""#)
        }
        let file = try directory.file("long.jsonl", lines: lines)
        let check = Support.run(["check", file], inspector: Ledger.inspector)
        #expect(check.code == 0)
        let warnings = check.err.split(separator: "\n").map(String.init)
        #expect(warnings.count == CheckCommand.listed + 1)
        #expect(warnings.first == "warning: \(file):101: seq 100: type \"ledger/debit\", but the recorder writes \"ledger/credit\" for its action")
        #expect(warnings.dropLast().last?.contains(":\(edited[CheckCommand.listed - 1] + 1): seq \(edited[CheckCommand.listed - 1]):") == true)
        #expect(
            warnings.last
                == "warning: \(file): \(edited.count - CheckCommand.listed) more entries whose type is not their action's not listed")
    }
}
