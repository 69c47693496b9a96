import ExampleInspector
import Foundation
import Redux
import ReduxExamples
import Testing

@testable import ReduxInspect

/// `replay` runs ahead of its output by a window of steps on more than one core, encoding the
/// window's states and diffing them on every core (``ReplayRun/runTexts(through:cores:render:_:)``),
/// and visits exactly the steps one core visits, with the same changes and the same error
/// after the same steps.
@Suite struct ReplayAheadTests {
    typealias Support = CLITestSupport

    /// Each step's seq, changes and state after, then the error or the end comparison.
    private func visits(_ path: String, cores: Int, stoppingAfter stop: Int? = nil) throws -> [String] {
        try visits(try Recording(path: path), cores: cores, stoppingAfter: stop)
    }

    private func visits(_ recording: Recording, cores: Int, stoppingAfter stop: Int? = nil) throws -> [String] {
        let reducer = try #require(Inspector.examples.reducers.first { $0.name == recording.reducerName })
        var lines: [String] = []
        do throws(InspectorError) {
            let end = try ReplayRun(recording: recording, reducer: reducer).runTexts(
                through: nil, cores: cores, render: { _, changes in changes }
            ) { step, changes throws(InspectorError) in
                let after = try step.tree(step.after, in: recording)
                lines.append("\(step.entry.seq) \(RawDiffSupport.strict(changes)) \(after.compactText) \(String(describing: step.divergence))")
                return stop.map { lines.count < $0 } ?? true
            }
            lines.append("end \(String(describing: end?.divergence)) \(String(describing: end?.replayed.compactText))")
        } catch {
            lines.append("error: \(error)")
        }
        return lines
    }

    private func expectSameOnEveryCount(_ path: String, stoppingAfter stop: Int? = nil) throws {
        try Support.expectSameOnEveryCoreCount(atLeast: 2) { cores in try visits(path, cores: cores, stoppingAfter: stop) }
    }

    @Test func recordingsWithoutStatesAndWithSome() throws {
        let directory = try CLITemporaryDirectory()
        let shop = Support.fixture("shop.jsonl")
        try expectSameOnEveryCount(try Support.strippingStates(shop, keepingOneIn: 0, in: directory))
        try expectSameOnEveryCount(try Support.strippingStates(shop, keepingOneIn: 3, in: directory))
        for fixture in Support.fixtures { try expectSameOnEveryCount(fixture) }
    }

    /// A visitor that stops: the steps replayed ahead of it are not visited, and an error in
    /// them is not reported.
    @Test func aVisitorThatStops() throws {
        let directory = try CLITemporaryDirectory()
        let stripped = try Support.strippingStates(Support.fixture("shop.jsonl"), keepingOneIn: 0, in: directory)
        var lines = try String(contentsOfFile: stripped, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[12] = #"{"seq":12,"type":"addToCart","action":{"addToCart":{"productID":"two","quantity":1}}}"#
        let path = try directory.file("shop-bad.jsonl", lines: lines)
        try expectSameOnEveryCount(path, stoppingAfter: 5)
        let stopped = try visits(path, cores: 2, stoppingAfter: 5)
        #expect(stopped.count == 6 && !stopped.contains { $0.hasPrefix("error") }, "\(stopped)")
    }

    /// An action the reducer cannot decode, and a line that does not parse, in what would be
    /// one window: the steps before them are visited, then the first error.
    @Test func stepsThatFail() throws {
        let directory = try CLITemporaryDirectory()
        let stripped = try Support.strippingStates(Support.fixture("shop.jsonl"), keepingOneIn: 0, in: directory)
        var lines = try String(contentsOfFile: stripped, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[14] = #"{"seq":14,"type":"addToCart","action":{"addToCart":{"productID":1,"quantity":1,"note":"\q"}}}"#
        let unparsable = try directory.file("shop-unparsable.jsonl", lines: lines)
        try expectSameOnEveryCount(unparsable)
        lines[8] = #"{"seq":8,"type":"addToCart","action":{"addToCart":{"productID":"two","quantity":1}}}"#
        let undecodable = try directory.file("shop-undecodable.jsonl", lines: lines)
        let one = try visits(undecodable, cores: 1)
        #expect(one.count == 8 && one.last?.hasPrefix("error: ") == true, "\(one)")
        try expectSameOnEveryCount(undecodable)
    }

    /// A state that cannot be encoded (a total that overflowed `Decimal` to NaN) at the third
    /// step: the two steps before it are visited, then the error, on any number of cores.
    @Test func aStateThatCannotBeEncoded() throws {
        let directory = try CLITemporaryDirectory()
        let path = try directory.file(
            "shop-nan.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"shop","initialState":{"isLoading":false,"catalog":[{"id":1,"name":"Big","price":1e127},{"id":2,"name":"t","price":1}],"packages":[],"cart":{"items":[],"total":0}}}"#,
                #"{"seq":1,"type":"addToCart","action":{"addToCart":{"productID":2,"quantity":1}}}"#,
                #"{"seq":2,"type":"addToCart","action":{"addToCart":{"productID":2,"quantity":1}}}"#,
                #"{"seq":3,"type":"addToCart","action":{"addToCart":{"productID":1,"quantity":1000000000}}}"#,
                #"{"seq":4,"type":"addToCart","action":{"addToCart":{"productID":2,"quantity":1}}}"#,
            ])
        let one = try visits(path, cores: 1)
        #expect(one.count == 3 && one[2].hasPrefix("error: ") && one[2].contains("cannot encode"), "\(one)")
        try expectSameOnEveryCount(path)
    }
}

/// Recorded states compared a window at a time: a state that differs, a state that does not
/// parse, and an action that does not decode on a line whose state does not parse either.
extension ReplayAheadTests {
    /// The shop fixture, with `change` applied to its lines.
    private func shop(
        _ name: String, in directory: CLITemporaryDirectory, _ change: (inout [String]) -> Void
    ) throws -> String {
        var lines = try String(contentsOfFile: Support.fixture("shop.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        change(&lines)
        return try directory.file(name, lines: lines)
    }

    @Test func recordedStatesThatDifferOrDoNotParse() throws {
        let directory = try CLITemporaryDirectory()
        let path = try shop("shop-differs.jsonl", in: directory) { lines in
            lines[5] = lines[5].replacingOccurrences(of: #""isLoading":false"#, with: #""isLoading":true"#)
            let stateStart = lines[9].range(of: #","state":"#)!
            lines[9] = String(lines[9][..<stateStart.upperBound]) + #"{"isLoading":}}"#
        }
        let one = try visits(path, cores: 1)
        #expect(one.count == 9, "\(one)")
        #expect(one[4].hasPrefix("5 ") && one[4].contains("isLoading"), "\(one[4])")
        #expect(one.last?.hasPrefix("error: ") == true && one.last?.contains(".jsonl:10:182: expected a value") == true, "\(one.last ?? "")")
        try expectSameOnEveryCount(path)
    }

    @Test func anUndecodableActionOnALineThatDoesNotParse() throws {
        let directory = try CLITemporaryDirectory()
        let path = try shop("shop-both.jsonl", in: directory) { lines in
            let stateStart = lines[7].range(of: #","state":"#)!
            lines[7] =
                #"{"seq":7,"time":"2026-11-22T10:00:01.750Z","type":"addToCart","action":{"addToCart":{"productID":"two","quantity":1}}"#
                + String(lines[7][stateStart.lowerBound...]).replacingOccurrences(of: #""isLoading":false"#, with: #""isLoading":}"#)
        }
        let one = try visits(path, cores: 1)
        // The line's own error, not the action's.
        #expect(one.count == 7 && one.last?.contains(".jsonl:8:140: expected a value") == true, "\(one)")
        try expectSameOnEveryCount(path)
    }
}

/// Long replays, whose actions are decoded ahead of the reducer on another thread, and whose
/// entries are parsed with the window's states on every core: the same steps, the same error
/// after the same steps, and the same end as on one core, which parses every line in turn.
extension ReplayAheadTests {
    /// With states (one recorded wrong) and without, a line only a parse can read among them.
    @Test(arguments: [false, true]) func aLongRecording(states: Bool) throws {
        let text = DecodeAheadTests.text(states: states, odd: DecodeAheadTests.unreadable)
        let recording = try Recording(text: text, path: "long.jsonl")
        try Support.expectSameOnEveryCoreCount(atLeast: DecodeAheadTests.steps) { cores in
            try visits(recording, cores: cores)
        }
    }

    /// An action the reducer does not know, one that does not decode, and a malformed line,
    /// each far into a recording without states.
    @Test(arguments: [
        #"{"seq":9000,"action":{"explode":{}}}"#,
        #"{"seq":9000,"action":{"incrementBy":{"n":"nine"}}}"#,
        #"{"seq":9000,"action":{"increment":{}},"x":[1,]}"#,
    ])
    func aLongRecordingWithAStepThatFails(_ line: String) throws {
        let text = DecodeAheadTests.text(states: false, odd: [9_000: line])
        let recording = try Recording(text: text, path: "long.jsonl")
        let one = try visits(recording, cores: 1)
        #expect(one.count == 9_000 && one.last?.contains("long.jsonl:9001:") == true, "\(one.last ?? "")")
        for cores in [2, 3] { #expect(try visits(recording, cores: cores) == one, "\(cores) cores") }
    }

    /// A state small for long enough that the window has grown long, that then grows to
    /// 100 kB for 120 steps: the window ends soon after, keeping at most 64 large copies,
    /// where one sized by the states of the window before went on to its end (120 copies,
    /// 12 MB; with a thousand such steps, a gigabyte). The growth comes 30 steps into a
    /// window of 1,024, and 513 steps into one, past the last power of two.
    @Test(arguments: [1_050, 2_557]) func aStateThatGrowsShortensTheWindow(small: Int) throws {
        let actions: [Shop.Action] =
            Array(repeating: .dismissError, count: small)
            + (0..<120).map { .loginFailed(error: String(repeating: "\($0 % 10)", count: 100_000)) }
        let text = RecordedSession.text(
            from: Shop.State(), Shop.reducer, options: .init(reducer: "shop", statePolicy: .never), dispatching: actions)
        let recording = try Recording(text: text)
        let rendered = LockedCount()
        // Each window's first step and length: a window is rendered whole before its visits.
        var windows: [(first: Int, count: Int)] = []
        var renderedBefore = 0
        _ = try ReplayRun(recording: recording, reducer: try TimelineTests.reducer("shop")).runTexts(
            through: nil, cores: 2, render: { _, _ in rendered.add() }
        ) { step, _ throws(InspectorError) in
            let count = rendered.value
            if count > renderedBefore { windows.append((step.index, count - renderedBefore)) }
            renderedBefore = count
            return true
        }
        #expect(windows.map(\.count).reduce(0, +) == actions.count)
        let large = windows.map { max(0, $0.first + $0.count - max($0.first, small)) }.filter { $0 > 0 }
        // Weighed at 16, 32 and every 64 steps: the window that meets the first large state
        // ends within 64 steps; the ones after it hold 4 MiB of them, 41.
        #expect(large.allSatisfy { $0 <= 64 }, "\(large)")
        #expect(large.dropFirst().allSatisfy { $0 <= 41 }, "\(large)")
        // The small states had made the window long.
        #expect(windows.contains { $0.count >= 512 })
    }
}

/// A count several threads add to.
private final class LockedCount: @unchecked Sendable {
    // Unchecked Sendable: `count` is guarded by `lock`.
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func add() { lock.withLock { count += 1 } }
}
