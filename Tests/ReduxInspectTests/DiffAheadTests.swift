import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// `diff` makes replayed steps ahead on every core (``DiffAhead``) and prints exactly what one
/// core prints, step by step, errors included: the same output where a window ends at a
/// recorded state, at a line that cannot be read, at an action the reducer cannot decode, and
/// where states hold the recorder's placeholder and need the values' view.
@Suite struct DiffAheadTests {
    typealias Support = CLITestSupport

    /// What diffing each step in order gives on `cores` cores: its output, or its error.
    private func outputs(_ path: String, cores: Int, steps: Range<Int>? = nil) throws -> [String] {
        let recording = try Recording(path: path)
        let reducer = try #require(Inspector.examples.reducers.first { $0.name == recording.reducerName })
        let timeline = Timeline(recording: recording, reducer: reducer)
        let text = DiffStepText(
            format: "text", formatter: DiffTextFormatter(valueWidth: 80, colors: false), colors: false,
            skipsUnchanged: false)
        var replay = DiffReplay(timeline: timeline, prefix: nil, cores: cores, end: steps?.upperBound)
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

    private func expectSameOnEveryCount(_ path: String, steps: Range<Int>? = nil) throws {
        try Support.expectSameOnEveryCoreCount { cores in try outputs(path, cores: cores, steps: steps) }
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
}
