/// Writes ``EncodedValue``s as compact JSON bytes, redacting the values of redacted keys.
///
/// A redacted value keeps its shape: objects keep their keys and arrays their length, and
/// every string and number inside becomes the placeholder; booleans and `null` are kept. A
/// replay can then still decode the value into the app's type, with placeholders in its
/// leaves, where a bare placeholder for an object could not be decoded at all.
struct JSONLineWriter {
    /// The placeholder written instead of a redacted string or number.
    static let redactedPlaceholder = "<redacted>"

    /// Key names, lower-cased, whose values are replaced wherever they occur.
    let redactedKeys: Set<String>

    /// Creates a writer.
    ///
    /// - Parameter redactedKeys: Key names compared without regard to case.
    init(redactedKeys: Set<String> = []) {
        self.redactedKeys = Set(redactedKeys.map { $0.lowercased() })
        asciiKeys = RedactedASCIIKeys(self.redactedKeys)
    }

    /// The redacted keys an ASCII key can equal, to test ASCII keys without lower-casing
    /// them into a new string (a hash of it and an allocation, for every key written).
    private let asciiKeys: RedactedASCIIKeys

    func write(_ value: EncodedValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let string): Self.writeQuoted(string, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                let start = output.count
                write(member.value, to: &output)
                // Rewritten as the streaming encoder rewrites a redacted value: one rule.
                if isRedacted(member.key) { RedactedLeaves.redact(&output, from: start) }
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Writes a line's own object (a header, an entry, a marker): its keys and those of the
    /// objects nested in it (`end`, `gap`) are the recording format's, never redacted, even
    /// when the app redacts a key of the same name (an OAuth `state`, say); only the app's
    /// values under `appValueKeys` (a state, the initial state, an action) are written with
    /// their redacted keys redacted.
    func writeLine(_ value: EncodedValue, appValueKeys: Set<String>, to output: inout [UInt8]) {
        guard case .object(let members) = value else {
            write(value, to: &output)
            return
        }
        output.append(UInt8(ascii: "{"))
        for (offset, member) in members.enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            Self.writeQuoted(member.key, to: &output)
            output.append(UInt8(ascii: ":"))
            if appValueKeys.contains(member.key) {
                write(member.value, to: &output)
            } else {
                writeLine(member.value, appValueKeys: appValueKeys, to: &output)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Writes `value` redacted: its shape kept, its strings and numbers replaced by the
    /// placeholder (``RedactedLeaves``).
    static func writeRedacted(_ value: EncodedValue, to output: inout [UInt8]) {
        let start = output.count
        JSONLineWriter().write(value, to: &output)
        RedactedLeaves.redact(&output, from: start)
    }

    /// Whether the value under `key` is redacted.
    func isRedacted(_ key: String) -> Bool {
        guard !redactedKeys.isEmpty else { return false }
        return key.utf8.withContiguousStorageIfAvailable { isRedacted(key, utf8: $0, isASCII: $0.isASCII) }
            ?? isRedactedLowercased(key)
    }

    /// Whether the value under `key`, whose UTF-8 bytes the caller has at hand and has
    /// checked for ASCII, is redacted.
    func isRedacted(_ key: String, utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
        guard !redactedKeys.isEmpty else { return false }
        return isASCII ? asciiKeys.containsASCII(utf8) : isRedactedLowercased(key)
    }

    /// Lower-casing may change the length of a key that is not ASCII (the Kelvin sign becomes
    /// `k`): only the lower-cased key itself can say.
    private func isRedactedLowercased(_ key: String) -> Bool {
        redactedKeys.contains(key.lowercased())
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `string` as a JSON string; control characters are escaped so that every line
    /// stays one line and is safe to show on a terminal.
    static func writeQuoted(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: copy their bytes in one go.
        let copied = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 || $0 == 0x5C }) else { return false }
            output.append(contentsOf: utf8)
            return true
        }
        if copied == true {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case UInt8(ascii: "\n"): output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20, 0x7F:
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
