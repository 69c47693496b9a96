import Foundation
import Redux
@testable import ReduxInspect
import Testing

/// A shop shelf whose `setPrice` action carries the price, redacted by the recorder.
private enum Shelf {
    struct State: Codable, Equatable, Sendable {
        var cost = 0.0
        var label = ""
    }

    enum Action: Codable, Sendable {
        case setPrice(price: Double)
        case relabel(label: String)
    }

    static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .setPrice(let price): state.cost = price
        case .relabel(let label): state.label = label
        }
    }

    static let inspector = Inspector(
        reducers: [InspectableReducer(name: "shelf", reducer: reducer, initialState: State())], program: "shelf-inspector")

    /// A price set at seq 4, between states recorded every third step, with the action's
    /// `price` (and `label`, a string) redacted.
    static func record(priceAt seq: Int = 4) -> String {
        let actions = (1...7).map { $0 == seq ? Action.setPrice(price: 99.95) : .relabel(label: "tea") }
        return RecordedSession.text(
            from: State(), reducer,
            options: .init(
                reducer: "shelf", app: "Shelf", statePolicy: .every(3), redactedKeys: ["price", "label"],
                clock: .stepping(from: Date(timeIntervalSince1970: 1_795_000_000), by: 0.25)),
            dispatching: actions)
    }
}

/// A replayed step whose action holds a redacted number computes with the `0` the app's
/// decoder reads: `blame price` said `no step changed price; it is 0 throughout`, and `show`
/// printed `0`, as if the app had. They now say the value is the replay's stand-in. A string
/// placeholder, which shows as itself, is not warned about.
@Suite struct RedactedActionTests {
    private let warning =
        "warning: shelf.jsonl: the action of seq 4 holds redacted values that the app's decoder can only read as 0 "
        + "or false (setPrice.price): the states replayed from it, up to the next recorded state, compute with those, "
        + "which may not be the app's values\n"

    @Test func commandsShowingStatesReplayedFromSuchAnActionSaySo() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("shelf.jsonl", Shelf.record())
        func run(_ arguments: [String], input: String = "") -> CLIResult {
            CLITestSupport.run(arguments, input: input, inspector: Shelf.inspector)
        }
        // diff 6: the recorded state there against the one replayed before it.
        for arguments in [["blame", file, "cost"], ["show", file, "--at", "4"], ["diff", file, "4..5"], ["diff", file, "6"]] {
            let result = run(arguments)
            #expect(result.err.replacingOccurrences(of: directory.url.path + "/", with: "") == warning, "\(result)")
        }
        let step = run(["step", file], input: "goto 4\nnext\nback\n")
        #expect(step.err.replacingOccurrences(of: directory.url.path + "/", with: "") == warning, "\(step)")
        // `continue` walks the states replayed from it, as bisect does.
        let walked = run(["step", file], input: "break cost > 1\ncontinue\n")
        #expect(walked.err.replacingOccurrences(of: directory.url.path + "/", with: "") == warning, "\(walked)")
        // At seq 6, recorded, the changes shown are from the state replayed before it.
        let recorded = run(["step", file], input: "goto 6\n")
        #expect(recorded.err.replacingOccurrences(of: directory.url.path + "/", with: "") == warning, "\(recorded)")
        // Steps whose states are recorded, or replayed before the action, say nothing.
        #expect(run(["diff", file, "1..3"]).err == "")
        #expect(run(["show", file, "--at", "2"]).err == "")
        #expect(run(["show", file, "--at", "6"]).err == "")
    }

    /// Actions are told apart by the keys before their placeholders, without parsing each.
    @Test(arguments: [
        (#"{"setPrice":{"price":"<redacted>"}}"#, "setPrice\u{0}price"),
        (#"{"login":{"user":"ada","password":"<redacted>","pin":"<redacted>"}}"#, "login\u{0}password\u{0}pin"),
        (#"{"tags":{"_0":["<redacted>"]}}"#, nil),  // in an array: parsed
        (#"{"a":{"b\"c":"<redacted>"}}"#, nil),  // an escape in the key: parsed
        (#"{"plain":{"x":1}}"#, nil),
    ] as [(String, String?)])
    func placeholderShapes(text: String, shape: String?) {
        let bytes = Array(text.utf8)
        let found = bytes.withUnsafeBufferPointer { Timeline.placeholderShape(of: $0) }
        #expect(found.map { String(decoding: $0, as: UTF8.self) } == shape)
    }

    /// The price set at seq 6, whose state is recorded: its change is shown as recorded, and
    /// the replay of its action, which misses the recorded state, is no sign that the reducer
    /// changed. Before, diff said "the reducer does not make the state recorded at seq 6".
    @Test func aRecordedStepsOwnRedactedActionIsNoChangeOfTheReducer() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("shelf.jsonl", Shelf.record(priceAt: 6))
        let diff = CLITestSupport.run(["diff", file, "6"], inspector: Shelf.inspector)
        #expect(diff.out == "@@ seq 6 setPrice @@\n~ cost: 0.0 → 99.95\n", "\(diff)")
        #expect(diff.err == "", "\(diff)")
    }

    /// The shop's password, a string, is read as "<redacted>" itself: nothing to say.
    @Test func aRedactedStringIsNoStandIn() throws {
        let directory = try CLITemporaryDirectory()
        let shop = try String(contentsOfFile: CLITestSupport.fixture("shop.jsonl"), encoding: .utf8)
        let stateless = shop.split(separator: "\n").map { line -> String in
            guard line.hasPrefix(#"{"seq":"#), let state = line.range(of: #","state":"#) else { return String(line) }
            return line[..<state.lowerBound] + "}"
        }
        let file = try directory.file("shop.jsonl", lines: stateless)
        #expect(stateless.contains { $0.contains(#""password":"<redacted>""#) })
        #expect(CLITestSupport.run(["blame", file, "user"]).err == "")
    }
}
