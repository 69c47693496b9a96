import Foundation
import Redux
import Testing

/// A state that cannot always be encoded: JSON has no NaN or infinity.
private struct GaugeState: Codable, Sendable, Equatable {
    var reading = 0.0
    var label = ""
}

private enum GaugeAction: Codable, Sendable, Equatable {
    case read(Double)
    /// The reading becomes NaN: the action can be encoded, the state after it cannot.
    case fail
    /// The reading becomes infinite.
    case saturate
    case label(String)
}

private let gaugeReducer = Reducer<GaugeState, GaugeAction> { state, action in
    switch action {
    case .read(let value): state.reading = value
    case .fail: state.reading = .nan
    case .saturate: state.reading = .infinity
    case .label(let text): state.label = text
    }
}

@Suite struct RecorderStateFailureTests {
    /// The review's case: a NaN in the state, then more dispatches. Every action is kept (a
    /// replay needs them), only the states are left out, and the handler hears once.
    @Test func everyActionIsKeptWhenTheStateCannotBeEncodedAndTheRunIsReportedOnce() throws {
        let errors = LockedBox<[RecorderError]>([])
        let actions: [GaugeAction] = [.read(1), .fail] + (1...5).map { .label("step \($0)") }

        let (lines, _) = recordedLines(
            initialState: GaugeState(), reducer: gaugeReducer,
            options: steppingOptions(onError: { error in errors.withLock { $0.append(error) } }),
            actions: actions)

        try #require(lines.count == 9)
        #expect(lines.filter { $0.contains(#""gap""#) } == [])
        let entries = try lines[1...7].map { try jsonObject($0) }
        #expect(entries.map(seqNumber(of:)) == Array(1...7))
        #expect(canonical(entries[0]["state"]) == #"{"label":"","reading":1}"#)
        #expect(entries[1...].allSatisfy { $0["state"] == nil })
        #expect(canonical(entries[6]["action"]) == #"{"label":{"_0":"step 5"}}"#)
        #expect(lines[8] == #"{"end":{"seq":7}}"#)
        try #require(errors.value.count == 1, "\(errors.value)")
        guard case .stateEncodingFailed(seq: 2, let reason) = errors.value[0] else {
            Issue.record("expected stateEncodingFailed(seq: 2), got \(errors.value[0])")
            return
        }
        #expect(!reason.isEmpty)
    }

    /// A run ends when a state is written again; the next failure starts a new one.
    @Test func aStateWrittenAgainEndsTheRunAndTheNextFailureIsReportedAgain() throws {
        let errors = LockedBox<[RecorderError]>([])

        let (lines, _) = recordedLines(
            initialState: GaugeState(), reducer: gaugeReducer,
            options: steppingOptions(onError: { error in errors.withLock { $0.append(error) } }),
            actions: [.fail, .label("a"), .read(2), .saturate, .label("b"), .read(3)])

        #expect(errors.value.map(\.seq) == [1, 4])
        let states = try lines[1...6].map { try jsonObject($0)["state"] }
        #expect(states.map { $0 != nil } == [false, false, true, false, false, true])
        #expect(lines.last == #"{"end":{"seq":6,"state":{"reading":3.0,"label":"b"}}}"#)
    }

    /// Entries that carry no state by policy neither start nor end a run.
    @Test func entriesWithoutAStateByPolicyDoNotEndARun() throws {
        let errors = LockedBox<[RecorderError]>([])

        let (lines, _) = recordedLines(
            initialState: GaugeState(), reducer: gaugeReducer,
            options: steppingOptions(
                statePolicy: .every(2), onError: { error in errors.withLock { $0.append(error) } }),
            actions: [.fail, .saturate, .label("x"), .label("y"), .read(1), .read(2)])

        // Entry 2 and 4 lose their states (one run, reported at 2); entry 6 has its state.
        #expect(errors.value.map(\.seq) == [2])
        let states = try lines[1...6].map { try jsonObject($0)["state"] }
        #expect(states.map { $0 != nil } == [false, false, false, false, false, true])
        #expect(lines.last == #"{"end":{"seq":6,"state":{"reading":2.0,"label":"y"}}}"#)
    }

    /// An unencodable initial state is reported by itself (a replay then starts elsewhere),
    /// apart from the run of entries that follows.
    @Test func initialStateIsReportedApartFromTheEntries() throws {
        let errors = LockedBox<[RecorderError]>([])

        let (lines, _) = recordedLines(
            initialState: GaugeState(reading: .nan), reducer: gaugeReducer,
            options: steppingOptions(onError: { error in errors.withLock { $0.append(error) } }),
            actions: [.label("a"), .label("b"), .read(0)])

        #expect(errors.value.map(\.seq) == [0, 1])
        #expect(!lines[0].contains("initialState"))
        #expect(lines[0].hasPrefix(#"{"format":"redux-inspect","version":1,"#))
        let states = try lines[1...3].map { try jsonObject($0)["state"] }
        #expect(states.map { $0 != nil } == [false, false, true])
    }
}
