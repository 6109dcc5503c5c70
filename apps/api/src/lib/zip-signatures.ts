/** The ZIP format's record signatures (APPNOTE 4.3), one list for the hand-ins' writer and the imports' reader. */
export const ZIP_LOCAL_HEADER = 0x04034b50;
export const ZIP_DATA_DESCRIPTOR = 0x08074b50;
export const ZIP_CENTRAL_HEADER = 0x02014b50;
export const ZIP_END_OF_CENTRAL = 0x06054b50;
export const ZIP64_END_OF_CENTRAL = 0x06064b50;
export const ZIP64_LOCATOR = 0x07064b50;
/** The most a 32-bit field holds; at it, the ZIP64 record holds the real figure. */
export const ZIP_MAX32 = 0xffffffff;
