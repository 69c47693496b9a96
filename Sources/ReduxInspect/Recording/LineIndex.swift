import Foundation

/// Where each line of a buffer starts, found with `memchr`, so any line can be read without
/// touching the others.
struct LineIndex {
    /// The offset of the first byte of each line.
    private(set) var starts: [Int] = []
    /// The buffer's length.
    let count: Int
    /// Whether the last line ends with a newline.
    let lastLineTerminated: Bool

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        count = buffer.count
        var starts: [Int] = []
        starts.reserveCapacity(count / 256 + 1)
        var offset = 0
        guard let base = buffer.baseAddress, count > 0 else {
            self.starts = []
            lastLineTerminated = true
            return
        }
        while offset < count {
            starts.append(offset)
            guard let found = memchr(base + offset, 0x0A, count - offset) else {
                offset = count
                break
            }
            offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        self.starts = starts
        lastLineTerminated = buffer[count - 1] == 0x0A
    }

    /// The number of lines.
    var lineCount: Int { starts.count }

    /// The byte range of line `index`, without its `\n` or `\r\n`.
    func range(of index: Int) -> Range<Int> {
        let start = starts[index]
        var end = index + 1 < starts.count ? starts[index + 1] - 1 : count
        if end > start, index + 1 == starts.count, lastLineTerminated { end -= 1 }
        return start..<end
    }
}
