import Foundation
import ReduxExamples
import ReduxInspect

/// `decode-actions`: actions per second decoded into `Shop.Action`, the step a replay takes for
/// every entry, from the actions of the small recording (10k; 2k with `--quick`).
///
/// Ours decodes each action's JSON bytes with ``JSONBytesDecoder``, as a replay does with the
/// action's bytes on its line; the baseline is a loop over one Foundation `JSONDecoder` on the
/// same bytes. Both start from text, so the ratio is like for like. The note gives
/// ``JSONValueDecoder`` on the already parsed `JSONValue`s, and parsing and decoding together.
/// The four are timed in turns (``Stopwatch/mediansInTurns(repetitions:_:)``).
enum DecodeActions {
    static let benchmark = Benchmark(
        name: "decode-actions",
        summary: "actions/s decoding Shop.Action from JSON bytes vs JSONDecoder",
        sessions: [.shop(.small)], run: run)

    static func run(_ workload: Workload) throws -> [Measurement] {
        let recording = try Recording(path: try workload.recording(.small, states: .never))
        let values = try recording.steps.indices.map { try recording.entry(at: $0).action }
        let texts = values.map { Data($0.compactText.utf8) }
        let passes = workload.quick ? 5 : 10
        let count = Double(values.count * passes)
        let repetitions = workload.repetitions(full: 7, quick: 3)

        // The decoders must agree before any is timed.
        let foundation = JSONDecoder()
        for (value, text) in zip(values, texts) {
            let fromTree = try JSONValueDecoder().decode(Shop.Action.self, from: value)
            let fromBytes = try bytes(text) { try JSONBytesDecoder().decode(Shop.Action.self, from: $0) }
            guard fromTree == fromBytes, fromTree == (try foundation.decode(Shop.Action.self, from: text)) else {
                throw BenchError("decode-actions: the decoders disagree on \(value.compactText)")
            }
        }

        // In turns, a run of each decoder a round, so that a spell of load from another
        // process slows all of them alike instead of one block of runs.
        Progress.show("decode-actions: JSONBytesDecoder, JSONValueDecoder, parsing, JSONDecoder in turns")
        let medians = try Stopwatch.mediansInTurns(repetitions: repetitions, [
            {
                let decoder = JSONBytesDecoder()
                for _ in 0..<passes {
                    for text in texts { _ = try bytes(text) { try decoder.decode(Shop.Action.self, from: $0) } }
                }
            },
            {
                let decoder = JSONValueDecoder()
                for _ in 0..<passes {
                    for value in values { _ = try decoder.decode(Shop.Action.self, from: value) }
                }
            },
            {
                let decoder = JSONValueDecoder()
                for _ in 0..<passes {
                    for text in texts {
                        _ = try decoder.decode(Shop.Action.self, from: try JSONParser.parse(text))
                    }
                }
            },
            {
                let decoder = JSONDecoder()
                for _ in 0..<passes {
                    for text in texts { _ = try decoder.decode(Shop.Action.self, from: text) }
                }
            },
        ])
        let (ours, tree, treeParsing, baseline) = (medians[0], medians[1], medians[2], medians[3])
        return [
            Measurement(
                name: "decode-actions", ours: count / ours, baseline: count / baseline, unit: "actions/s",
                baselineName: "JSONDecoder", target: .ratioAtLeast(3),
                note:
                    "both from the action's bytes; JSONValueDecoder on parsed trees \(Measurement.format(count / tree)) actions/s, "
                    + "parsing and decoding \(Measurement.format(count / treeParsing)) actions/s (ratio \(Measurement.format(baseline / treeParsing)))"
            )
        ]
    }

    /// `body` over the bytes of `data`.
    @inline(__always)
    private static func bytes<T>(_ data: Data, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        try data.withUnsafeBytes { try body($0.bindMemory(to: UInt8.self)) }
    }
}
