import ExampleInspector
import Foundation
import Redux
import Testing

@testable import ReduxInspect

/// `diff` makes replayed steps ahead on every core (``DiffAhead``) and prints exactly what one
/// core prints, step by step, errors included: the same output where a window ends at a
/// recorded state, at a line that cannot be read, at an action the reducer cannot decode, and
/// where states hold the recorder's placeholder and need the values' view.
@Suite struct DiffAheadTests {
    typealias Support = CLITestSupport

    /// What diffing each step in order gives on `cores` cores: its output, or its error.
    private func outputs(
        _ path: String, cores: Int, steps: Range<Int>? = nil, prefix: String? = nil, format: String = "text"
    ) throws -> [String] {
        let recording = try Recording(path: path)
        let reducer = try #require(Inspector.examples.reducers.first { $0.name == recording.reducerName })
        let timeline = Timeline(recording: recording, reducer: reducer)
        let text = DiffStepText(
            format: format, formatter: DiffTextFormatter(valueWidth: 80, colors: false), colors: false,
            skipsUnchanged: prefix != nil)
        let prefix = try prefix.map { try JSONPath(parsing: $0) }
        var replay = DiffReplay(timeline: timeline, prefix: prefix, cores: cores, end: steps?.upperBound)
        var results: [String] = []
        for index in steps ?? recording.steps.indices {
            do throws(InspectorError) {
                results.append(String(decoding: try replay.output(at: index, text), as: UTF8.self))
            } catch {
                results.append("error: \(error)")
                replay.forgetState()
            }
        }
        return results
    }

    private func expectSameOnEveryCount(
        _ path: String, steps: Range<Int>? = nil, prefix: String? = nil, format: String = "text"
    ) throws {
        try Support.expectSameOnEveryCoreCount { cores in
            try outputs(path, cores: cores, steps: steps, prefix: prefix, format: format)
        }
    }

    /// Under `--path`, the values at the prefix of a run of recorded states are read ahead on
    /// every core (up to 4,096 states, or 4 MiB of lines: here states of a megabyte): the same
    /// output as one core's, for ranges that start and end inside runs and across their ends,
    /// around states that are replayed and entries that are missing.
    @Test func recordedValuesReadAheadUnderAPrefix() throws {
        let directory = try CLITemporaryDirectory()
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
        var count = 0
        let pad = String(repeating: "p", count: 1 << 20)
        for seq in 1...9_000 {
            count += seq % 5
            if (5_000..<5_010).contains(seq) { continue }
            let padding = (100..<112).contains(seq) ? #","pad":"\#(pad)""# : ""
            let state = seq % 7 == 0 ? "" : #","state":{"count":\#(count)\#(padding)}"#
            lines.append(#"{"seq":\#(seq),"type":"incrementBy","action":{"incrementBy":{"n":\#(seq % 5)}}\#(state)}"#)
        }
        lines.append(#"{"end":{"seq":9000,"state":{"count":\#(count)}}}"#)
        let path = try directory.file("long.jsonl", lines: lines)
        let steps = try Recording(path: path).steps.count
        let cases: [(Range<Int>, String)] = [
            (0..<steps, "count"), (95..<130, "pad"), (95..<130, "count"), (4_090..<4_100, "count"),
            (4_095..<4_200, "count"), (8_190..<8_200, "count"), ((steps - 5)..<steps, "count"),
        ]
        for (range, prefix) in cases { try expectSameOnEveryCount(path, steps: range, prefix: prefix) }
    }

    /// Under `--path`, a replayed state is encoded only on the way to the prefix: every kind
    /// of prefix, in every format, gives what the whole states give on one core. The user
    /// comes and goes (an ancestor added and removed, which a patch shows whole); the cart's
    /// items are matched by id and move.
    @Test(arguments: ["text", "json", "json-patch"])
    func underAPrefix(format: String) throws {
        let directory = try CLITemporaryDirectory()
        let stateless = try Support.strippingStates(Support.fixture("shop.jsonl"), keepingOneIn: 0, in: directory)
        let sparse = try Support.strippingStates(Support.fixture("shop.jsonl"), keepingOneIn: 4, in: directory)
        let prefixes = [
            "cart.total", "cart", "user", "user.username", "user.displayName", "cart.items[0]", "cart.items[id=2]", "cart.items[id=2].quantity",
            "missing.member", "",
        ]
        for path in [stateless, sparse] {
            for prefix in prefixes {
                try expectSameOnEveryCount(path, prefix: prefix, format: format)
                try expectSameOnEveryCount(path, steps: 5..<20, prefix: prefix, format: format)
            }
        }
    }

    @Test func aRecordingWithoutStates() throws {
        let directory = try CLITemporaryDirectory()
        let path = try Support.strippingStates(Support.fixture("shop.jsonl"), keepingOneIn: 0, in: directory)
        try expectSameOnEveryCount(path)
        try expectSameOnEveryCount(path, steps: 5..<20)
    }

    @Test func windowsEndAtRecordedStates() throws {
        let directory = try CLITemporaryDirectory()
        try expectSameOnEveryCount(try Support.strippingStates(Support.fixture("shop.jsonl"), keepingOneIn: 4, in: directory))
        try expectSameOnEveryCount(Support.fixture("counter.jsonl"))
    }

    /// A line that is not JSON, and an action the reducer cannot decode, in the middle of what
    /// would be one window: the steps before print, the bad one is an error, the ones after
    /// print again.
    @Test func windowsEndAtStepsThatFail() throws {
        let directory = try CLITemporaryDirectory()
        let stripped = try Support.strippingStates(Support.fixture("shop.jsonl"), keepingOneIn: 0, in: directory)
        var lines = try String(contentsOfFile: stripped, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[8] = #"{"seq":8,"type":"addToCart","action":{"addToCart":{"productID":"two","quantity":1}}}"#
        lines[14] = #"{"seq":14,"type":"addToCart","action":{"addToCart":{"productID":1,"quantity":1,"note":"\q"}}}"#
        let path = try directory.file("shop-bad.jsonl", lines: lines)
        let one = try outputs(path, cores: 1)
        #expect(one[7].hasPrefix("error: ") && one[13].hasPrefix("error: "), "\(one[7]) \(one[13])")
        try expectSameOnEveryCount(path)
    }

    /// Replayed states that hold the recorder's placeholder (a token redacted in the action
    /// that put it in the state) are diffed from values, on any number of cores.
    @Test func statesWithPlaceholders() throws {
        let directory = try CLITemporaryDirectory()
        let stripped = try Support.strippingStates(Support.fixture("shop.jsonl"), keepingOneIn: 0, in: directory)
        let text = try String(contentsOfFile: stripped, encoding: .utf8)
            .replacingOccurrences(of: #""token":"tok-ada-1""#, with: #""token":"<redacted>""#)
        try #require(text.contains("<redacted>\"}"))
        let path = try directory.file("shop-redacted.jsonl", text)
        try expectSameOnEveryCount(path)
    }

    /// A profile that comes and goes, with members that are values of their own beside the
    /// one a prefix goes to: encoded only on the way to `profile.name`, it lacks them.
    struct Profiles: Codable, Equatable, Sendable {
        struct Address: Codable, Equatable, Sendable { var city: String }
        struct Profile: Codable, Equatable, Sendable {
            var name: String
            var tags: [String]
            var address: Address
        }
        enum Action: Codable, Sendable { case signIn(String), signOut, tag(String), move(String) }

        var profile: Profile?
        var visits = 0

        static let reducer = Reducer<Profiles, Action> { state, action in
            state.visits += 1
            switch action {
            case .signIn(let name): state.profile = Profile(name: name, tags: ["new"], address: Address(city: "Oslo"))
            case .signOut: state.profile = nil
            case .tag(let tag): state.profile?.tags.append(tag)
            case .move(let city): state.profile?.address.city = city
            }
        }
    }

    /// A patch adds the profile whole when it comes, though the state was encoded only on the
    /// way to `profile.name`: what the whole states give on one core, in every format.
    @Test(arguments: ["text", "json", "json-patch"])
    func anAncestorThatComesAndGoesUnderAPrefix(format: String) throws {
        let actions: [Profiles.Action] = (0..<40).map { step in
            switch step % 5 {
            case 0: .signIn("ann\(step)")
            case 1: .tag("t\(step)")
            case 2: .move("city \(step)")
            case 3: .signOut
            default: .tag("none")
            }
        }
        let text = RecordedSession.text(
            from: Profiles(), Profiles.reducer, options: .init(reducer: "profiles", statePolicy: .never),
            dispatching: actions)
        let inspector = InspectableReducer(name: "profiles", reducer: Profiles.reducer, initialState: Profiles())
        let stepText = DiffStepText(
            format: format, formatter: DiffTextFormatter(valueWidth: 80, colors: false), colors: false,
            skipsUnchanged: true)
        for prefix in ["profile.name", "profile.address.city", "profile"] {
            try Support.expectSameOnEveryCoreCount { cores in
                let timeline = Timeline(recording: try Recording(text: text), reducer: inspector)
                var replay = DiffReplay(timeline: timeline, prefix: try JSONPath(parsing: prefix), cores: cores)
                return try timeline.recording.steps.indices.map { index in
                    String(decoding: try replay.output(at: index, stepText), as: UTF8.self)
                }
            }
        }
        if format == "json-patch" {
            // The second sign-in, made ahead with the steps around it.
            let timeline = Timeline(recording: try Recording(text: text), reducer: inspector)
            var replay = DiffReplay(timeline: timeline, prefix: try JSONPath(parsing: "profile.name"), cores: 2)
            let outputs = try (0...5).map { String(decoding: try replay.output(at: $0, stepText), as: UTF8.self) }
            #expect(outputs[5].contains(#""tags":["new"]"#) && outputs[5].contains(#""city":"Oslo""#), "\(outputs[5])")
        }
    }
}
