/// The streaming encoder's output: raw memory that grows by doubling.
///
/// An array checks that it is uniquely referenced and has room on every append, which for a
/// line written a few bytes at a time was a tenth of the recorder's writer thread; here an
/// append is a capacity test and a store. The owner frees the memory with ``deallocate()``;
/// copies of the value share it, so only the owner may hold one.
struct OutputBuffer: ByteOutput {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() {
        base.deallocate()
    }

    /// The bytes written so far; valid until the next change.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    subscript(index: Int) -> UInt8 { base[index] }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(count + extra) }
    }

    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).initialize(from: source, count: bytes.count) }
        count += bytes.count
    }

    /// Appends `length` bytes from `source` a word at a time, for short runs where `memcpy`
    /// does not pay; `source` must be readable for up to 7 bytes past them.
    @inline(__always)
    mutating func appendWords(from source: UnsafePointer<UInt8>, count length: Int) {
        // Whole words are stored, so room for one past the end is made.
        reserve(length + 8)
        var offset = 0
        while offset < length {
            let word = UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(base + count + offset).storeBytes(of: word, as: UInt64.self)
            offset += 8
        }
        count += length
    }

    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { appendBytes($0) }
    }

    /// Appends a string's UTF-8 bytes as they are.
    mutating func append(utf8 string: String) {
        var string = string
        string.withUTF8 { appendBytes($0) }
    }

    /// Appends `value` in decimal.
    mutating func appendDecimal(_ value: UInt64) {
        reserve(20)
        // Digits come out last first: write them so, then turn them around in place.
        var end = count
        var rest = value
        repeat {
            base[end] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            end += 1
            rest /= 10
        } while rest > 0
        var digits = UnsafeMutableBufferPointer(start: base + count, count: end - count)
        digits.reverse()
        count = end
    }

    /// Gives back the memory of an empty buffer grown past `limit` bytes: one huge line (a
    /// large state) would otherwise keep its size for as long as the owner lives.
    mutating func releaseCapacity(above limit: Int) {
        guard count == 0, capacity > limit else { return }
        base.deallocate()
        capacity = max(limit, 16)
        base = .allocate(capacity: capacity)
    }

    /// Drops the bytes from `newCount` on.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }

    /// Appends `string` as a JSON string, as ``JSONLineWriter/writeQuoted(_:to:)`` does.
    mutating func appendQuoted(_ string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ appendQuoted(utf8: $0) }) == nil {
            var string = string
            string.withUTF8 { appendQuoted(utf8: $0) }
        }
    }

    /// Appends these UTF-8 bytes as a JSON string, as ``JSONLineWriter/writeQuoted(_:to:)`` does.
    mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>) {
        let length = utf8.count
        // Eight bytes at a time: most strings (keys above all) are a word or two long, too
        // short for `memcpy` to pay, and a byte loop tests every byte four times. Whole words
        // are stored, so room for one past the end is made.
        reserve(length + 2 + 8)
        let quoted = base + count
        quoted[0] = UInt8(ascii: "\"")
        var special: UInt64 = 0
        var offset = 0
        if let source = utf8.baseAddress {
            while offset + 8 <= length {
                let word = UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(quoted + 1 + offset).storeBytes(of: word, as: UInt64.self)
                special |= Self.escapeBits(UInt64(littleEndian: word))
                offset += 8
            }
            if offset < length {
                var word: UInt64 = 0
                var index = length
                while index > offset {
                    index -= 1
                    word = word &<< 8 | UInt64(source[index])
                }
                UnsafeMutableRawPointer(quoted + 1 + offset).storeBytes(of: word.littleEndian, as: UInt64.self)
                // The bytes past the end are zeros, which would look like control characters.
                special |= Self.escapeBits(word) & (1 &<< UInt64(8 &* (length &- offset)) &- 1)
            }
        }
        guard special == 0 else {
            // Rare: the array writer knows how to escape.
            var escaped: [UInt8] = []
            JSONLineWriter.writeQuoted(String(decoding: utf8, as: UTF8.self), to: &escaped)
            append(contentsOf: escaped)
            return
        }
        quoted[length + 1] = UInt8(ascii: "\"")
        count += length + 2
    }

    /// The high bit of every byte of `word` (least significant byte first) that JSON needs
    /// escaped: a control character, `"`, `\\` or DEL. A byte above one that is flagged may be
    /// flagged too (the borrow of the subtraction), never one below.
    @inline(__always)
    private static func escapeBits(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let control = (word &- 0x20 &* ones) & ~word & highs
        return control | zeroBytes(word ^ 0x22 &* ones) | zeroBytes(word ^ 0x5C &* ones) | zeroBytes(word ^ 0x7F &* ones)
    }
}
