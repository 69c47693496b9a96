import Testing

@testable import ReduxInspect

/// The word-at-a-time scans of the indexer against byte-by-byte references, at the edges
/// where a word load could go wrong: values ending at or near the end of the bytes, digits
/// running across a word, and the bytes the container skim takes for candidate brackets
/// without being brackets.
@Suite struct IndexScanBoundaryTests {
    /// ``TopLevelMembers/Skim/containerEnd(from:deepest:)`` finds the end the byte loop finds,
    /// with each nesting limit, on texts dense with brackets, escapes and the non-brackets
    /// (`Y`, `_`, `y`, DEL, `X`, `Z`, `^`, `|`, `~`) that share the brackets' candidate test.
    @Test func containerEndAgreesWithTheByteLoopOnCandidateBytes() {
        let alphabet = Array(#"{}[]"\\,:"#.utf8) + Array("Yy_XZxz^|~a1\u{7F}".utf8) + [0x5B, 0x7D]
        var generator = SeededGenerator(seed: 0xB0B)
        for _ in 0..<30_000 {
            var bytes = [Bool.random(using: &generator) ? UInt8(ascii: "{") : UInt8(ascii: "[")]
            for _ in 0..<Int.random(in: 0..<48, using: &generator) {
                bytes.append(alphabet.randomElement(using: &generator)!)
            }
            let deepest = Int.random(in: 0..<5, using: &generator)
            bytes.withUnsafeBufferPointer { buffer in
                let skim = TopLevelMembers.Skim(base: buffer.baseAddress!, count: buffer.count)
                let found = skim.containerEnd(from: 0, deepest: deepest == 0 ? .max : deepest)
                let expected = RawSkimTests.referenceEnd(buffer, depth: 0, maximumDepth: deepest == 0 ? .max : deepest)
                #expect(found == expected, "\(bytes) deepest \(deepest)")
            }
        }
    }

    /// ``KnownMembers/leadingDigits(_:from:count:)`` counts what a byte loop counts, for runs
    /// of every length up to past a word, at every distance from the end, next to the bytes
    /// just outside `0`...`9` and to bytes with the high bit set.
    @Test func leadingDigitsAgreesWithTheByteLoop() {
        let alphabet: [UInt8] = Array("0123456789".utf8) + [0x2F, 0x3A, 0x00, 0x80, 0xB0, 0xFF, 0x20, 0x7F, 0xC6]
        var generator = SeededGenerator(seed: 0xD161)
        for _ in 0..<30_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<20, using: &generator) {
                // Mostly digits, so that runs cross the word.
                bytes.append(
                    Int.random(in: 0..<4, using: &generator) == 0
                        ? alphabet.randomElement(using: &generator)! : UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator))
            }
            let offset = Int.random(in: 0...bytes.count, using: &generator)
            var expected = offset
            while expected < bytes.count, bytes[expected] >= 0x30, bytes[expected] <= 0x39 { expected += 1 }
            let found = bytes.withUnsafeBufferPointer { buffer in
                // An empty array's buffer may have no address: any valid one does, no byte is read.
                KnownMembers.leadingDigits(buffer.baseAddress ?? UnsafePointer(bitPattern: 8)!, from: offset, count: buffer.count)
            }
            #expect(found == expected - offset, "\(bytes) from \(offset)")
        }
    }

    /// The recorder's fast path agrees with the general one on every prefix of its lines
    /// (the literals it compares as words then end at or past the end of the bytes) and with
    /// any one byte of the line changed.
    @Test(arguments: [
        #"{"seq":12345678,"time":"2026-11-22T10:00:00.250Z","type":"addToCart","action":{"a":{"b":1}},"state":{"n":[1]}}"#,
        #"{"seq":7,"time":"2026-11-22T10:00:00.250Z","type":"x","action":[1,"]"],"us":-12}"#,
        #"{"seq":123456789012,"time":"2026-11-22T10:00:00.250Z","type":"","action":0,"state":[2],"us":3}"#,
    ])
    func fastPathAgreesOnPrefixesAndChangedBytes(line: String) {
        let bytes = Array(line.utf8)
        var candidates: [[UInt8]] = (0...bytes.count).map { Array(bytes[..<$0]) }
        for position in bytes.indices {
            for replacement in Array(#"x"\{}:,9 "#.utf8) where replacement != bytes[position] {
                var changed = bytes
                changed[position] = replacement
                candidates.append(changed)
            }
        }
        for candidate in candidates {
            let indexed = RecorderFastPathTests.indexed(candidate, skippingState: true)
            let general = RecorderFastPathTests.general(candidate, skippingState: true)
            #expect(indexed.found == general, "\(String(decoding: candidate, as: UTF8.self))")
        }
        #expect(RecorderFastPathTests.indexed(bytes, skippingState: true).fast)
    }
}
