@testable import ReduxInspect

/// Helpers for the tests of ``RawJSONDiff``: the tree diff it must reproduce, a strict view of
/// a change list, and other ways of writing the same value.
enum RawDiffSupport {
    /// What the raw diff must return: the tree diff of the parsed texts.
    static func treeChanges(_ old: String, _ new: String) throws -> [JSONChange] {
        JSONDiff.changes(from: try JSONParser.parse(old), to: try JSONParser.parse(new))
    }

    /// Each change as text that shows what `==` on `JSONValue` forgives: member order, number
    /// and string spelling (compact text keeps member order and number text, and writes each
    /// Unicode scalar as it is).
    static func strict(_ changes: [JSONChange]) -> [String] {
        changes.map { change in
            var text = "\(change.kind.name) \(change.path) \(change.pointer)"
            if let from = change.fromPointer { text += " from \(from)" }
            switch change.kind {
            case .added(let value), .removed(let value): text += " " + value.compactText
            case .changed(let old, let new): text += " " + old.compactText + " → " + new.compactText
            case .moved(let from, let to): text += " \(from)→\(to)"
            }
            return text
        }
    }

    /// Another text for `value` that parses to equal values with the same member order: white
    /// space between tokens, and some characters of strings and keys written as `\u` escapes.
    static func respelled(_ value: JSONValue, using generator: inout SeededGenerator) -> String {
        var text = ""
        write(value, to: &text, using: &generator)
        return text
    }

    private static func space(_ text: inout String, using generator: inout SeededGenerator) {
        if Int.random(in: 0..<4, using: &generator) == 0 {
            text += [" ", "\n", "\t", "\r\n "][Int.random(in: 0..<4, using: &generator)]
        }
    }

    private static func write(
        _ value: JSONValue, to text: inout String, using generator: inout SeededGenerator
    ) {
        space(&text, using: &generator)
        switch value {
        case .null, .bool, .number: text += value.compactText
        case .string(let string): writeString(string, to: &text, using: &generator)
        case .array(let elements):
            text += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { text += "," }
                write(element, to: &text, using: &generator)
            }
            space(&text, using: &generator)
            text += "]"
        case .object(let object):
            text += "{"
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { text += "," }
                space(&text, using: &generator)
                writeString(member.key, to: &text, using: &generator)
                space(&text, using: &generator)
                text += ":"
                write(member.value, to: &text, using: &generator)
            }
            space(&text, using: &generator)
            text += "}"
        }
        space(&text, using: &generator)
    }

    /// A string with some scalars as `\u` escapes (surrogate pairs above the BMP).
    private static func writeString(
        _ string: String, to text: inout String, using generator: inout SeededGenerator
    ) {
        guard Int.random(in: 0..<3, using: &generator) == 0 else {
            text += JSONValue.string(string).compactText
            return
        }
        text += "\""
        for scalar in string.unicodeScalars {
            if Bool.random(using: &generator) || scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
