/// The lower-cased redacted keys that are ASCII, grouped by length, for testing keys that are
/// ASCII themselves: such a key is redacted exactly when it equals one of them ignoring ASCII
/// case, since lower-casing ASCII only maps `A`–`Z`, and no ASCII key lower-cases to a key
/// that is not ASCII.
struct RedactedASCIIKeys: Sendable {
    /// The keys' bytes, back to back, with where each key starts, by length.
    private let bytes: [UInt8]
    private let starts: [[Int]]
    /// Bit `n` is set when some key has `n` bytes (lengths under 64; longer keys are rare
    /// and looked up in ``starts``).
    private let shortLengths: UInt64

    init(_ lowercasedKeys: Set<String>) {
        let ascii = lowercasedKeys.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.sorted()
        var bytes: [UInt8] = []
        var starts = [[Int]](repeating: [], count: (ascii.map(\.utf8.count).max() ?? 0) + 1)
        for key in ascii {
            starts[key.utf8.count].append(bytes.count)
            bytes.append(contentsOf: key.utf8)
        }
        self.bytes = bytes
        self.starts = starts
        shortLengths = ascii.reduce(0) { $1.utf8.count < 64 ? $0 | 1 << UInt64($1.utf8.count) : $0 }
    }

    /// Whether the key with these UTF-8 bytes, all ASCII, is redacted.
    func containsASCII(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = key.count
        guard length < 64 ? shortLengths & 1 << UInt64(length) != 0 : length < starts.count else { return false }
        return bytes.withUnsafeBufferPointer { stored in
            starts[length].contains { start in
                for offset in 0..<length {
                    let byte = key[offset]
                    let lower = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                    if lower != stored[start + offset] { return false }
                }
                return true
            }
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII (below 0x80).
    var isASCII: Bool {
        var combined: UInt8 = 0
        for byte in self { combined |= byte }
        return combined < 0x80
    }
}
