/// What ``StreamingEncoder`` learned about each key name it wrote, found again by the bits of
/// the `String` that a `CodingKey`'s `stringValue` returns.
///
/// A synthesized `CodingKey` returns the same literal every time, so a key name is written
/// again and again (59 keys per shop entry); quoting it, testing its bytes for ASCII and for
/// redaction cost ~200 instructions a key. Here they are done once: the quoted bytes, the
/// redaction answer and the duplicate-key bit are kept.
///
/// Equal bits mean equal text: a small string holds its text in its bits, a literal points
/// to constant memory, and any other string points to storage the cache keeps alive (it
/// keeps the `String`), which no one can then change in place. Equal text with other bits (a
/// name made anew for every key) only misses the cache: the encoder takes its slow path.
///
/// The table is raw memory: the encoder reads it on every key, and arrays cost a retain and
/// a release each per read there.
struct KeyNameCache {
    /// A key name's facts. Plain data, so that a lookup retains nothing.
    struct Name {
        let bits: (UInt64, UInt64)
        /// Where the name's quoted bytes start in ``quoted``, and how many there are.
        let start: Int
        let count: Int
        let isASCII: Bool
        let bit: UInt64
        let redacted: Bool
    }

    /// Open addressing by the string's bits: an index into `names` plus one, 0 when empty.
    /// Allocated on first use; `slotCount` is a power of two.
    private var slots: UnsafeMutablePointer<Int>?
    private var slotCount = 0
    /// Room for three quarters of `slotCount`: a quarter of the table stays free, so that a
    /// lookup finds an empty slot quickly.
    private var names: UnsafeMutablePointer<Name>?
    private var nameCount = 0
    /// Keeps each name's storage alive, so that its bits keep meaning its text.
    private var strings: [String] = []
    /// The quoted names back to back, followed by 8 spare bytes, so that they can be copied
    /// a word at a time.
    private(set) var quoted = OutputBuffer(capacity: 256)

    /// Names beyond this many (made anew for every key, say) are not kept.
    private static let maxSlots = 4096
    /// Nor are longer names: what the cache keeps stays under 2 MB whatever the keys.
    private static let maxQuotedLength = 256

    /// Whether a `String` is two words here (it is on 64-bit platforms); not, no cache.
    private static var isTwoWords: Bool { MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size }

    /// Frees the memory; called by the encoder's `deinit`.
    func deallocate() {
        quoted.deallocate()
        slots?.deallocate()
        names?.deallocate()
    }

    private static func bits(_ string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    /// The slot where `bits` is, or the empty one where it would go.
    @inline(__always)
    private static func slot(
        _ bits: (UInt64, UInt64), _ slots: UnsafeMutablePointer<Int>, _ slotCount: Int,
        _ names: UnsafeMutablePointer<Name>
    ) -> Int {
        let mask = slotCount - 1
        var index = Int(truncatingIfNeeded: ((bits.0 ^ bits.1 &* 31) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while slots[index] != 0 && names[slots[index] - 1].bits != bits {
            index = (index + 1) & mask
        }
        return index
    }

    /// The facts about `key`, if it was written before; valid until the next ``add``.
    @inline(__always)
    func find(_ key: String) -> UnsafePointer<Name>? {
        guard Self.isTwoWords, let slots, let names else { return nil }
        let found = slots[Self.slot(Self.bits(key), slots, slotCount, names)]
        return found == 0 ? nil : UnsafePointer(names + (found - 1))
    }

    /// Remembers a key name written for the first time.
    ///
    /// - Parameter quotedBytes: The name as ``OutputBuffer/appendQuoted(utf8:)`` wrote it.
    mutating func add(
        _ key: String, quotedBytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, bit: UInt64, redacted: Bool
    ) {
        guard Self.isTwoWords, quotedBytes.count <= Self.maxQuotedLength else { return }
        if nameCount >= slotCount * 3 / 4 {
            guard slotCount < Self.maxSlots else { return }
            grow()
        }
        guard let slots, let names else { return }
        let bits = Self.bits(key)
        let index = Self.slot(bits, slots, slotCount, names)
        guard slots[index] == 0 else { return }
        let start = quoted.count
        quoted.appendBytes(quotedBytes)
        quoted.reserve(8)
        (names + nameCount).initialize(
            to: Name(
                bits: bits, start: start, count: quotedBytes.count, isASCII: isASCII, bit: bit,
                redacted: redacted))
        nameCount += 1
        strings.append(key)
        slots[index] = nameCount
    }

    /// Doubles the table (or makes the first one) and enters the names again.
    private mutating func grow() {
        let newCount = max(slotCount * 2, 64)
        let newSlots = UnsafeMutablePointer<Int>.allocate(capacity: newCount)
        newSlots.initialize(repeating: 0, count: newCount)
        let newNames = UnsafeMutablePointer<Name>.allocate(capacity: newCount * 3 / 4)
        if let names {
            newNames.moveInitialize(from: names, count: nameCount)
            names.deallocate()
        }
        slots?.deallocate()
        for name in 0..<nameCount {
            newSlots[Self.slot(newNames[name].bits, newSlots, newCount, newNames)] = name + 1
        }
        slots = newSlots
        slotCount = newCount
        names = newNames
    }
}
