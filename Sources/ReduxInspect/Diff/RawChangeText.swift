import Redux

/// Writes a step's ``RawChange``s as ``DiffTextFormatter`` writes the ``JSONChange``s they
/// stand for, byte for byte, mostly by copying the recorded bytes.
///
/// A recorder writes compact JSON, which is what the formatter prints: a key of printable
/// ASCII is printed as it is recorded, and so is a value without white space whose strings
/// hold only printable ASCII without escapes (``RawJSON/isCompactText(_:)``), when it fits the
/// value width. Anything else (escapes, other characters, white space, long values) is parsed
/// and printed by the formatter, as for a `JSONChange`.
struct RawChangeText {
    /// The formatter whose output this reproduces.
    let formatter: DiffTextFormatter

    /// Appends one line per change of `step`, each ending with a newline.
    ///
    /// - Throws: `Malformed` if a key or id cannot be decoded, which the walk has already
    ///   checked (so it does not happen for a step ``RecordedStateDiffer`` returned).
    func write(_ step: RecordedRawStepChanges, to output: inout [UInt8]) throws(RawJSON.Malformed) {
        let changes = step.changes
        for change in changes.changes {
            if case .parsed(let range) = change.kind {
                for parsed in changes.parsed[range] {
                    formatter.write(parsed, to: &output)
                    output.append(UInt8(ascii: "\n"))
                }
                continue
            }
            let kind: DiffTextFormatter.LineKind =
                switch change.kind {
                case .added: .added
                case .removed: .removed
                case .changed: .changed
                case .moved, .parsed: .moved
                }
            try formatter.writeLine(kind, to: &output) { (output) throws(RawJSON.Malformed) in
                try writePath(changes.steps(of: change), step, to: &output)
            } values: { (output) throws(RawJSON.Malformed) in
                switch change.kind {
                case .added:
                    try writeValue(change.new, in: step.new, to: &output)
                case .removed:
                    try writeValue(change.old, in: step.old, to: &output)
                case .changed:
                    try writeValues(change.old, change.new, of: step, to: &output)
                case .moved(let from, let to, _):
                    DiffTextFormatter.writeMove(from: from, to: to, to: &output)
                case .parsed:
                    break
                }
            }
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// Writes the path the address steps lead to, as ``JSONPath/description`` has it.
    private func writePath(
        _ steps: RawChanges.Steps, _ step: RecordedRawStepChanges, to output: inout [UInt8]
    ) throws(RawJSON.Malformed) {
        guard !steps.isEmpty else {
            output.append(utf8: JSONPath.rootText)
            return
        }
        for (offset, addressStep) in steps.enumerated() {
            let first = offset == 0
            switch addressStep {
            case .key(let range, let plain, let side):
                let text = side == .old ? step.old : step.new
                // A plain key is its bytes, usually written bare as they are; any other key is
                // written as the path writes it.
                if plain, offset > 0, offset == steps.count - 1,
                    text.buffer(range).elementsEqual(JSONPath.sizeName.utf8)
                {
                    output.append(utf8: JSONPath.quotedSizeName)
                } else if plain, PathText.isIdentifier(text.buffer(range)) {
                    if !first { output.append(UInt8(ascii: ".")) }
                    output.append(contentsOf: text.buffer(range))
                } else {
                    JSONPath.write(.key(try text.key(range, plain: plain)), first: first, to: &output)
                }
            case .index(let index, _):
                JSONPath.write(.index(index), first: first, to: &output)
            case .id(let range, let side, _):
                let text = side == .old ? step.old : step.new
                output.append(literal: "[id=")
                if text.isPlainScalarText(range) {
                    output.append(contentsOf: text.buffer(range))
                } else {
                    JSONTextWriter(indent: nil).write(try text.parse(range), to: &output, level: 0)
                }
                output.append(UInt8(ascii: "]"))
            }
        }
    }

    /// Writes the value in `range` as the formatter shows a value: compact, cut to its width.
    private func writeValue(_ range: Range<Int>, in text: RawJSON, to output: inout [UInt8])
        throws(RawJSON.Malformed)
    {
        if isShownAsRecorded(range, in: text) {
            output.append(contentsOf: text.buffer(range))
        } else {
            formatter.show(try text.parse(range), to: &output)
        }
    }

    /// Writes a change's two values as the formatter shows them (``DiffTextFormatter/showChange(_:_:to:)``),
    /// which cuts both around their first difference when one is long.
    private func writeValues(
        _ old: Range<Int>, _ new: Range<Int>, of step: RecordedRawStepChanges, to output: inout [UInt8]
    ) throws(RawJSON.Malformed) {
        if isShownAsRecorded(old, in: step.old), isShownAsRecorded(new, in: step.new) {
            output.append(contentsOf: step.old.buffer(old))
            output.append(literal: " → ")
            output.append(contentsOf: step.new.buffer(new))
        } else {
            formatter.showChange(try step.old.parse(old), try step.new.parse(new), to: &output)
        }
    }

    /// Whether the formatter would show the value in `range` as its recorded bytes: compact
    /// text no longer than the width (no more bytes than the width: no more characters
    /// either, so it is not cut).
    private func isShownAsRecorded(_ range: Range<Int>, in text: RawJSON) -> Bool {
        (formatter.valueWidth.map { range.count <= $0 } ?? true) && text.isCompactText(range)
    }
}
