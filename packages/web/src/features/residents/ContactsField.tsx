import { DeleteOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Tooltip, Typography } from 'antd';
import { FormSelect as Select } from '../../components/FormControls.tsx';
import { useTranslation } from 'react-i18next';
import { CONTACT_RELATIONS, CONTACTS_PER_RESIDENT_MAX, PERSON_NAME_MAX, type Resident } from '@vigil/contracts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule, requiredRule } from '../shared/contractRule.ts';
import { RELATION_LABEL_KEYS } from './residentLabels.ts';
import type { ResidentFormValues } from './residentFormValues.ts';
import { RESIDENTS_NS } from './i18n.ts';

export interface ContactsFieldProps {
  /** The contacts as saved, for their relatives' logins. */
  saved: Resident['contacts'];
  onResetRelative: (contact: Resident['contacts'][number]) => void;
}

/** Up to the contract's number of emergency contacts, each with name, phone and relation. */
export function ContactsField({ saved, onResetRelative }: ContactsFieldProps) {
  const { t } = useTranslation(RESIDENTS_NS);
  const language = useLanguage();
  const form = Form.useFormInstance<ResidentFormValues>();
  const labels = { name: t('residents.contact.name'), phone: t('residents.contact.phone'), relation: t('residents.contact.relation') };
  return (
    <Form.List name="contacts">
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          {fields.length === 0 && <Typography.Text type="secondary">{t('residents.contact.none')}</Typography.Text>}
          {fields.map((field, index) => {
            const id: unknown = form.getFieldValue(['contacts', field.name, 'id']);
            const account = saved.find((contact) => contact.id === id && contact.accountId !== null);
            return (
              <div key={field.key} className="resident-contact" role="group" aria-labelledby={`resident-contact-${field.key}`}>
                <div id={`resident-contact-${field.key}`} className="resident-contact__title">
                  {t('residents.contact.title', { index: index + 1 })}
                </div>
                <div className="resident-contact__grid">
                  <Form.Item name={[field.name, 'name']} label={labels.name} required rules={[contractRule((schemas) => schemas.personNameSchema, language, { field: labels.name })]}>
                    <Input maxLength={PERSON_NAME_MAX} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'phone']} label={labels.phone} required rules={[contractRule((schemas) => schemas.phoneSchema, language, { field: labels.phone })]}>
                    <Input inputMode="tel" maxLength={24} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'relation']} label={labels.relation} rules={[requiredRule(language, labels.relation)]}>
                    <Select options={CONTACT_RELATIONS.map((relation) => ({ value: relation, label: t(RELATION_LABEL_KEYS[relation]) }))} />
                  </Form.Item>
                  <Tooltip title={t('residents.contact.remove')}>
                    <Button
                      className="resident-contact__remove"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('residents.contact.removeLabel', { index: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Tooltip>
                </div>
                {account && (
                  <Flex align="center" gap={8} wrap>
                    <Typography.Text type="secondary">{t('residents.contact.relativeLogin', { name: account.userName ?? '' })}</Typography.Text>
                    <Button size="small" icon={<KeyOutlined />} onClick={() => onResetRelative(account)}>
                      {t('residents.contact.resetPassword')}
                    </Button>
                  </Flex>
                )}
              </div>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= CONTACTS_PER_RESIDENT_MAX}
            onClick={() => add({ name: '', phone: '', relation: 'children' })}
          >
            {t('residents.contact.add', { count: fields.length, max: CONTACTS_PER_RESIDENT_MAX })}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
