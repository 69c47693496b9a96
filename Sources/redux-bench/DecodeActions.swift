import Foundation
import ReduxExamples
import ReduxInspect

/// `decode-actions`: actions per second decoded into `Shop.Action`, the step a replay takes for
/// every entry, from the actions of the small recording (10k; 2k with `--quick`).
///
/// Ours decodes the already parsed `JSONValue` with ``JSONValueDecoder``, as a replay does (the
/// line is parsed once for everything). The baseline is a loop over one Foundation
/// `JSONDecoder` on each action's JSON bytes, which parses as it decodes; the note gives ours
/// with parsing included too, for a like-for-like figure.
enum DecodeActions {
    static let benchmark = Benchmark(
        name: "decode-actions",
        summary: "actions/s decoding Shop.Action with JSONValueDecoder vs JSONDecoder",
        run: run)

    static func run(_ workload: Workload) throws -> [Measurement] {
        let recording = try Recording(path: try workload.recording(.small, states: .never))
        let values = try recording.steps.indices.map { try recording.entry(at: $0).action }
        let texts = values.map { Data($0.compactText.utf8) }
        let passes = workload.quick ? 5 : 10
        let count = Double(values.count * passes)
        let repetitions = workload.repetitions(full: 5, quick: 3)

        // Both decoders must agree before either is timed.
        let foundation = JSONDecoder()
        for (value, text) in zip(values, texts) {
            let ours = try JSONValueDecoder().decode(Shop.Action.self, from: value)
            guard ours == (try foundation.decode(Shop.Action.self, from: text)) else {
                throw BenchError("decode-actions: the decoders disagree on \(value.compactText)")
            }
        }

        Progress.show("decode-actions: JSONValueDecoder")
        let ours = try Stopwatch.median(repetitions: repetitions) {
            let decoder = JSONValueDecoder()
            for _ in 0..<passes {
                for value in values { _ = try decoder.decode(Shop.Action.self, from: value) }
            }
        }
        Progress.show("decode-actions: parse + JSONValueDecoder")
        let oursParsing = try Stopwatch.median(repetitions: repetitions) {
            let decoder = JSONValueDecoder()
            for _ in 0..<passes {
                for text in texts {
                    _ = try decoder.decode(Shop.Action.self, from: try JSONParser.parse(text))
                }
            }
        }
        Progress.show("decode-actions: JSONDecoder")
        let baseline = try Stopwatch.median(repetitions: repetitions) {
            let decoder = JSONDecoder()
            for _ in 0..<passes {
                for text in texts { _ = try decoder.decode(Shop.Action.self, from: text) }
            }
        }
        return [
            Measurement(
                name: "decode-actions", ours: count / ours, baseline: count / baseline, unit: "actions/s",
                baselineName: "JSONDecoder", target: .ratioAtLeast(3),
                note:
                    "with parsing: \(Measurement.format(count / oursParsing)) actions/s, ratio \(Measurement.format(baseline / oursParsing))"
            )
        ]
    }
}
