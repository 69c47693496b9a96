import Testing

@testable import ReduxInspect

/// The word-at-a-time comparisons of ``RawJSON``, against byte-by-byte references, at every
/// offset a word boundary can fall on and at the ends of texts (which they must not read past).
@Suite struct RawSkimWordTests {
    /// ``RawJSON/commonPrefix(_:_:in:)`` is the byte-by-byte common prefix, wherever the first
    /// difference falls (inside a 32- or 8-byte step, past the shorter range, or nowhere) and
    /// wherever the ranges sit in their texts, up to their last byte.
    @Test func commonPrefixAgreesWithTheByteLoop() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0..<80, using: &generator)
            let shared = (0..<length).map { _ in UInt8.random(in: 0x61...0x63, using: &generator) }
            var left = shared
            var right = shared
            // A difference at a chosen place, or none.
            if length > 0 && Bool.random(using: &generator) {
                let place = Int.random(in: 0..<length, using: &generator)
                right[place] = 0x7A
            }
            let leftLead = Int.random(in: 0..<3, using: &generator)
            let rightLead = Int.random(in: 0..<3, using: &generator)
            let leftCut = Int.random(in: 0...length, using: &generator)
            let rightCut = Int.random(in: 0...length, using: &generator)
            let leftTrail = Int.random(in: 0..<10, using: &generator)
            let rightTrail = Int.random(in: 0..<10, using: &generator)
            left = Array(repeating: 0x20, count: leftLead) + left + Array(repeating: 0x78, count: leftTrail)
            right = Array(repeating: 0x20, count: rightLead) + right + Array(repeating: 0x78, count: rightTrail)
            let leftRange = leftLead..<leftLead + leftCut
            let rightRange = rightLead..<rightLead + rightCut
            Self.withExactBuffer(left) { leftBuffer in
                Self.withExactBuffer(right) { rightBuffer in
                    let leftText = RawJSON(leftBuffer, maximumDepth: 10)
                    let rightText = RawJSON(rightBuffer, maximumDepth: 10)
                    var expected = 0
                    while expected < min(leftCut, rightCut)
                        && left[leftRange.lowerBound + expected] == right[rightRange.lowerBound + expected]
                    {
                        expected += 1
                    }
                    #expect(leftText.commonPrefix(leftRange, rightRange, in: rightText) == expected)
                }
            }
        }
    }

    /// Literals: whole ones are valid, cut or misspelt ones are not, at the end of a text too.
    @Test func literalsAreCheckedWhole() {
        let cases: [(String, Bool)] = [
            ("true", true), ("false", true), ("null", true), ("tru", false), ("fals", false),
            ("falsy", false), ("nulL", false), ("trUe", false), ("[true,false,null]", true),
            ("[fals]", false), ("[null", false), ("{\"a\":false}", true), ("{\"a\":nul}", false),
            ("f", false), ("n", false), ("[false ]", true),
        ]
        for (text, valid) in cases {
            Self.withExactBuffer(Array(text.utf8)) { buffer in
                let raw = RawJSON(buffer, maximumDepth: 10)
                #expect(raw.isCertainlyValid(0..<buffer.count, depth: 0) == valid, "\(text)")
            }
        }
    }

    /// Calls `body` with a buffer of exactly `bytes`, allocated on its own (no spare capacity
    /// to read into unnoticed under a memory checker).
    private static func withExactBuffer(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: bytes)
        body(UnsafeBufferPointer(rebasing: buffer[0..<bytes.count]))
    }
}
