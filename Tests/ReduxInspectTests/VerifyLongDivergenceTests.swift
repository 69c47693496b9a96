import Foundation
import Redux
import ReduxInspect
import Testing

/// A list whose `fill` action fills it with 30 numbers, one more each than when recorded.
private enum Filling {
    struct State: Codable, Equatable, Sendable {
        var list: [Int] = []
    }

    enum Action: Codable, Sendable {
        case fill
    }

    static let inspector = Inspector(
        reducers: [
            InspectableReducer(
                name: "filling", reducer: Reducer<State, Action> { state, _ in state.list = (1...30).map { $0 } },
                initialState: State())
        ],
        program: "filling-inspector")
}

/// A divergence at many places lists the first 20 and counts the rest: a reducer that
/// reorders a long list filled a CI log with a line per element.
@Suite struct VerifyLongDivergenceTests {
    @Test func aDivergenceListsTwentyDifferencesAndCountsTheRest() throws {
        let directory = try CLITemporaryDirectory()
        let recorded = (0..<30).map(String.init).joined(separator: ",")
        let file = try directory.file(
            "fill.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"filling","initialState":{"list":[]}}"#,
                #"{"seq":1,"type":"fill","action":{"fill":{}},"state":{"list":[\#(recorded)]}}"#,
            ])
        let run = CLITestSupport.run(["verify", file], inspector: Filling.inspector)
        #expect(run.code == 1, "\(run)")
        let differences = run.out.split(separator: "\n").filter { $0.hasPrefix("    ~ list[") }
        #expect(differences.count == 20, "\(run.out)")
        #expect(differences.first == "    ~ list[0]: 0 → 1")
        #expect(run.out.contains("    ~ list[19]: 19 → 20\n    … and 10 more differences\n"), "\(run.out)")
    }
}
