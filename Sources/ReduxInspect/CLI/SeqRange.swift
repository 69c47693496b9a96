import Foundation

/// A step or a run of steps named on the command line, as `diff` and `log` take them: `13`,
/// `10..15`, `10..last`, `10..` (to the last step), or `last`.
struct SeqRange: Equatable {
    /// What stands for the last step's seq until the recording is read.
    static let last = Int.max

    /// The first seq, 1 or more; ``last`` for `last`.
    let from: Int
    /// The last seq, `from` or more; ``last`` for `last` or an open end.
    let to: Int

    /// Why a text names no step or range.
    struct Invalid: Error, Equatable {
        /// What is wrong, naming the text and what was expected.
        let message: String
    }

    /// Reads `text`.
    ///
    /// - Throws: ``Invalid`` for anything but a seq of 1 or more, a range of them that runs
    ///   forwards, or `last`; seq 0, the initial state, is refused with what to write instead.
    init(_ text: String) throws(Invalid) {
        let parts = text.components(separatedBy: "..")
        func seq(_ part: String) -> Int? { part == "last" ? Self.last : Int(part) }
        let end = parts.count == 2 && parts[1].isEmpty ? "last" : parts.last!
        let echoed = TerminalText.echo(text)
        // `diff 0`, `diff 0..3`: the initial state is where changes start, not one made.
        if parts.count <= 2, Int(parts[0]) == 0, let to = seq(end) {
            let instead = parts.count == 2 && to > 1 ? "such as 1..\(end)" : "usually 1"
            throw Invalid(
                message:
                    "invalid step '\(echoed)': seq 0 is the initial state, which no step made; start from the first step's seq instead, \(instead)"
            )
        }
        guard parts.count <= 2, let from = seq(parts[0]), let to = seq(end), from >= 1, to >= 1 else {
            // `diff a.jsonl b.jsonl`: two recordings are not compared with each other.
            if text.hasSuffix(".jsonl") || FileManager.default.fileExists(atPath: text) {
                throw Invalid(
                    message: "unexpected argument '\(echoed)': one recording at a time, which a seq or a range such as 3..9 may follow")
            }
            throw Invalid(message: "invalid step '\(echoed)': expected a seq such as 5, a range such as 3..9 or 3..last, or last")
        }
        guard to >= from else {
            throw Invalid(
                message:
                    "invalid step '\(echoed)': the range runs backwards; expected FROM..TO with FROM first, such as \(TerminalText.echo(end))..\(TerminalText.echo(parts[0]))"
            )
        }
        self.from = from
        self.to = to
    }

    /// The positions of the steps in the range.
    ///
    /// - Throws: ``InspectorError/noSuchStep(path:seq:first:last:)`` for a seq the recording
    ///   does not account for; for a range that holds no step,
    ///   ``InspectorError/noSuchPlace(path:_:)`` when it starts at the end marker's state after
    ///   entries missing at the end (`diff FILE 6..` there), which no step reaches, else
    ///   ``InspectorError/noStepInRange(path:from:to:)`` (up to the end marker's seq, for an
    ///   open range past the last step).
    func indices(in timeline: Timeline) throws(InspectorError) -> Range<Int> {
        let recording = timeline.recording
        let lastStep = recording.steps.last?.seq ?? 1
        let from = self.from == Self.last ? lastStep : self.from
        let to = max(from, self.to == Self.last ? lastStep : self.to)
        if from > lastStep, let end = recording.endSeqAfterGap, from <= end {
            guard from < end else {
                throw .noSuchPlace(path: recording.path, .endMarkerAfterGap(end, last: recording.steps.last?.seq))
            }
            // Up to the end marker's seq, which the entries missing run to.
            throw .noStepInRange(path: recording.path, from: from, to: self.to == Self.last ? end : to)
        }
        return try timeline.indices(ofSeqs: from, through: to)
    }
}
