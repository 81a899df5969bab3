// Redoc does not show OpenAPI links, and the specs declare what follows from
// an answer with them (read the created website, find it in its list, read a
// purchase's item). The docs build writes each response's links into its
// description, as a list that names the operation each leads to, with a link
// to its section, and the value of each parameter.

/** A response's links as Markdown, or undefined when it has none. */
export function linkNotes(links, operations) {
  if (links.length === 0) return undefined;
  const lines = links.map((link) => {
    const target = operations.find((operation) => operation.id === link.operationId);
    const where = target ? `[${target.summary ?? target.id}](#operation/${target.id})` : `\`${link.operationId}\``;
    const parameters = Object.entries(link.parameters)
      .map(([name, expression]) => `\`${name}\` = \`${expression}\``)
      .join(', ');
    const agree = link.agree.length > 0 ? ` The same in both: ${link.agree.map((f) => `\`${f}\``).join(', ')}.` : '';
    return `- **${link.name}** → ${where}${parameters ? ` with ${parameters}` : ''}. ${link.description ?? ''}${agree}`;
  });
  return `**What follows from this answer** (OpenAPI links):\n\n${lines.join('\n')}`;
}

/** The document with the links of every response written into its description. */
export function documentWithLinkNotes(document, model) {
  for (const operation of model.operations) {
    const responses = document.paths[operation.path]?.[operation.method.toLowerCase()]?.responses ?? {};
    for (const [key, response] of Object.entries(responses)) {
      if (!response || typeof response !== 'object' || '$ref' in response) continue;
      const notes = linkNotes(
        operation.links.filter((link) => link.response === key),
        model.operations,
      );
      if (notes) response.description = `${response.description ?? ''}\n\n${notes}`;
    }
  }
  return document;
}
