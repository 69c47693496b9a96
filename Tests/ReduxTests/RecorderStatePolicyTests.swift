import Foundation
import Redux
import Testing

@Suite struct RecorderStatePolicyTests {
    struct PolicyCase: Sendable, CustomTestStringConvertible {
        let policy: RecordingStatePolicy
        let seqsWithState: [Int]
        var testDescription: String { "\(policy)" }
    }

    static let cases = [
        PolicyCase(policy: .everyAction, seqsWithState: Array(1...10)),
        PolicyCase(policy: .every(3), seqsWithState: [3, 6, 9]),
        PolicyCase(policy: .every(1), seqsWithState: Array(1...10)),
        PolicyCase(policy: .never, seqsWithState: []),
    ]

    @Test(arguments: cases)
    func statesAreWrittenByPolicyAndTheFinalStateAlways(_ example: PolicyCase) throws {
        let actions: [CounterAction] = (1...10).map { .incrementBy(n: $0) }

        let (lines, state) = recordedLines(
            initialState: CounterState(), reducer: counterReducer,
            options: steppingOptions(statePolicy: example.policy), actions: actions)

        #expect(state.count == 55)
        try #require(lines.count == 12)
        #expect(lines.first?.hasPrefix(#"{"format":"redux-inspect","version":1,"#) == true)
        var seqsWithState: [Int] = []
        for (offset, line) in lines[1...10].enumerated() {
            let entry = try jsonObject(line)
            let seq = try #require(seqNumber(of: entry))
            #expect(seq == offset + 1)
            guard let recorded = entry["state"] else { continue }
            seqsWithState.append(seq)
            // The state after action n is 1 + 2 + … + n.
            #expect(canonical(recorded) == #"{"count":\#(seq * (seq + 1) / 2)}"#, "seq \(seq)")
        }
        #expect(seqsWithState == example.seqsWithState)
        #expect(lines.last == #"{"end":{"seq":10,"state":{"count":55}}}"#)
    }

    /// An interval below 1 means nothing; it used to record no state at all, silently, which
    /// showed only when a replay had to start from the beginning.
    @Test func everyWithAnIntervalBelowOneStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = Recorder<CounterState, CounterAction>(
                sink: MemoryRecordingSink(), options: .init(statePolicy: .every(0)))
        }
        await #expect(processExitsWith: .failure) {
            _ = Recorder<CounterState, CounterAction>(
                sink: MemoryRecordingSink(), options: .init(statePolicy: .every(-2)))
        }
    }
}
